#include "request.h"

namespace receiver {

QByteArray HttpRequest::header(const QByteArray &lowerCaseName) const
{
    for (const auto &[name, value] : headers) {
        if (name == lowerCaseName)
            return value;
    }
    return {};
}

bool HttpRequest::hasHeader(const QByteArray &lowerCaseName) const
{
    for (const auto &header : headers) {
        if (header.first == lowerCaseName)
            return true;
    }
    return false;
}

} // namespace receiver
