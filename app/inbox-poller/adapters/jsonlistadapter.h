#pragma once
// The generic JSON list adapter ("json_list"): any API that lists items of a time window as a
// JSON array, paged by offset or by cursor (or not at all). The [source] section says where
// things are:
//
//   url_path          appended to base_url ("/v1/orders")
//   method            GET (the parameters in the query) or POST (the same names in a JSON body)
//   since_param       the window's start parameter; to_param its end (both optional)
//   time_format       iso (default), unix (seconds) or unix_ms: how the window is written
//   paging            offset | cursor | none (default none: one request per window)
//   offset_param, limit_param            offset paging (both needed; the page size is the limit,
//                     and must not exceed the API's own maximum: a page shorter than the
//                     limit ends the window)
//   overlap_items     offset paging: items of the last page read again (default 1)
//   cursor_param, next_cursor_path       cursor paging (next_cursor_path in the whole answer)
//   limit_param       cursor paging: optional
//   items_path        dotted path to the array of items ("result.items"; empty: the answer)
//   key_path          dotted path inside an item to its id (a string, or a number taken as
//                     written: never through a double, so 20-digit ids keep every digit)
//   time_path         optional: the item's time (ISO 8601, or a number as time_format says)
//   kind              optional: the kind of every event of the source
//   auth_header       optional: a header carrying the secret `token` (token_file/token_env)
//   auth_scheme       optional: written before the token ("Bearer")
//
// The cursor holds the windowed adapters' keys (pollwindow.h) plus "offset" (offset paging) or
// "page_cursor" (cursor paging) while a window is paged through.

#include "polladapter.h"
#include "pollwindow.h"

namespace inbox::poll {

class JsonListAdapter final : public PollAdapter
{
public:
    enum class Paging { None, Offset, Cursor };
    enum class TimeFormat { Iso, Unix, UnixMs };

    // nullptr with *problems when an option is missing, unknown or bad.
    static std::unique_ptr<JsonListAdapter> make(const AdapterSettings &settings,
                                                 QList<SettingProblem> *problems);

    QString name() const override { return QStringLiteral("json_list"); }
    bool readsAhead() const override { return true; }
    bool nextRequest(const QJsonObject &cursor, const QDateTime &now, PollRequest *out,
                     QString *error) const override;
    PolledPage readPage(const QJsonObject &requestCursor, const QByteArray &answer) const override;

    static constexpr int kDefaultPageSize = 100;

private:
    JsonListAdapter() = default;
    QString timeText(const QDateTime &time) const;
    QDateTime readTime(const QString &text, bool isNumber) const;

    QUrl m_url;
    QByteArray m_method = "GET";
    QString m_sinceParam;
    QString m_toParam;
    TimeFormat m_timeFormat = TimeFormat::Iso;
    Paging m_paging = Paging::None;
    QString m_offsetParam;
    QString m_limitParam;
    int m_overlapItems = 1;
    QString m_cursorParam;
    QString m_nextCursorPath;
    QString m_itemsPath;
    QString m_keyPath;
    QString m_timePath;
    QString m_kind;
    QByteArray m_authHeader;
    QByteArray m_authValue; // never logged
    int m_pageSize = kDefaultPageSize;
    WindowRules m_rules;
};

} // namespace inbox::poll
