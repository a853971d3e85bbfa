// libFuzzer target for the body decoder: whatever a sender puts into a body, decoding it for
// the detail pane must not crash, hang, read out of bounds or break the decoder's promises.
// The first byte picks the declared content type, the second whether the bytes are only the
// head of a bigger body (as the console fetches them); the rest is the body.
#include "journal/bodydecoder.h"

#include <cstdint>
#include <cstdlib>

namespace {

const char *const kTypes[] = {"application/json",
                              "application/json; charset=utf-8",
                              "application/x-www-form-urlencoded",
                              "text/plain",
                              "message/rfc822",
                              "application/octet-stream",
                              "",
                              "text/html; charset=koi8-r"};

void check(bool condition)
{
    if (!condition)
        std::abort(); // libFuzzer reports the input that broke a promise
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    const QString type = QString::fromLatin1(kTypes[data[0] % (sizeof kTypes / sizeof *kTypes)]);
    const bool head = data[1] & 1;
    const QByteArray body(reinterpret_cast<const char *>(data + 2), qsizetype(size - 2));
    const qint64 total = head ? qint64(body.size()) * 2 + 1 : -1;

    const inbox::DecodedBody d = inbox::BodyDecoder::decode(body, type, total);
    check(d.decodedBytes <= d.totalBytes);
    check(d.decodedBytes <= inbox::BodyDecoder::kDisplayLimit);
    check(!head || d.truncated); // a head is never shown as if it were everything
    if (!head && body.size() <= inbox::BodyDecoder::kHexLimit)
        check(!d.truncated); // a small whole body is shown whole
    check(body.isEmpty() == (d.format == inbox::DecodedBody::Format::Empty));
    // The text shown stays bounded whatever the input (pretty-printing adds indentation, but
    // the printer stops at its output limit).
    check(d.text.size() <= inbox::BodyDecoder::kMaxOutputChars + 64);

    // The pieces on their own, as the tests use them.
    const auto json = inbox::BodyDecoder::prettyJson(body, head);
    check(json.ok || !json.error.isEmpty() || json.tooDeep);
    inbox::BodyDecoder::formFields(body.left(4096));
    inbox::BodyDecoder::hexDump(body.left(4096));
    return 0;
}
