#pragma once

#include <QObject>

namespace inbox {

class ConsoleContext;
class MultiSelectButton;
class QueryChannel;
struct QueryReply;

// Fills a screen's source and kind filters with what the journal holds, on a channel of its
// own: read on connect and on reread, kept as they are when the read fails.
class SourceKindOptions final : public QObject
{
    Q_OBJECT
public:
    SourceKindOptions(const QString &channelName, ConsoleContext *context,
                      MultiSelectButton *sources, MultiSelectButton *kinds, QObject *parent);
    // The first read when the screen is made while already connected.
    void start();

private:
    void load();
    void onReply(const QueryReply &reply);

    ConsoleContext *m_context;
    MultiSelectButton *m_sources;
    MultiSelectButton *m_kinds;
    QueryChannel *m_channel;
};

} // namespace inbox
