#include "jsonlistadapter.h"

#include "rawjson.h"

#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>
#include <QUrlQuery>

namespace inbox::poll {

namespace {

const QLatin1String kOffset("offset");
const QLatin1String kPageCursor("page_cursor");

// accept_many takes at most 1000 items: a page may not hold more.
constexpr int kMaxPageSize = 1000;

bool validPath(const QString &path)
{
    static const QRegularExpression re(QStringLiteral("^[^.\\s]+(\\.[^.\\s]+)*$"));
    return re.match(path).hasMatch();
}

} // namespace

std::unique_ptr<JsonListAdapter> JsonListAdapter::make(const AdapterSettings &settings,
                                                       QList<SettingProblem> *problems)
{
    std::unique_ptr<JsonListAdapter> a(new JsonListAdapter);
    const qsizetype before = problems->size();
    const auto fail = [problems](const char *key, const QString &message) {
        problems->append({QLatin1String(key), message});
    };
    static const QSet<QString> known = {
        QStringLiteral("url_path"),
        QStringLiteral("method"),
        QStringLiteral("since_param"),
        QStringLiteral("to_param"),
        QStringLiteral("time_format"),
        QStringLiteral("paging"),
        QStringLiteral("offset_param"),
        QStringLiteral("limit_param"),
        QStringLiteral("overlap_items"),
        QStringLiteral("cursor_param"),
        QStringLiteral("next_cursor_path"),
        QStringLiteral("items_path"),
        QStringLiteral("key_path"),
        QStringLiteral("time_path"),
        QStringLiteral("kind"),
        QStringLiteral("auth_header"),
        QStringLiteral("auth_scheme"),
        QStringLiteral("source")}; // set by the poller: the section's name
    for (auto it = settings.options.cbegin(); it != settings.options.cend(); ++it) {
        if (!known.contains(it.key()))
            problems->append(
                {it.key(),
                 QStringLiteral("unknown key \"%1\" for adapter json_list").arg(it.key())});
    }
    const auto option = [&settings](const char *key) {
        return settings.options.value(QLatin1String(key)).trimmed();
    };

    a->m_url = settings.baseUrl;
    if (!a->m_url.isValid() || a->m_url.host().isEmpty())
        problems->append(
            {QStringLiteral("base_url"),
             QStringLiteral("json_list needs base_url, e.g. https://api.shop.example")});
    const QString urlPath = option("url_path");
    if (!urlPath.isEmpty()) {
        if (!urlPath.startsWith(QLatin1Char('/')) || urlPath.contains(QLatin1Char('?')))
            fail("url_path", QStringLiteral("url_path must start with / and hold no query"));
        QString path = a->m_url.path();
        while (path.endsWith(QLatin1Char('/')))
            path.chop(1);
        a->m_url.setPath(path + urlPath);
    }
    const QString method = option("method").toUpper();
    if (method == QLatin1String("POST"))
        a->m_method = "POST";
    else if (!method.isEmpty() && method != QLatin1String("GET"))
        fail("method", QStringLiteral("method must be GET or POST"));
    a->m_sinceParam = option("since_param");
    a->m_toParam = option("to_param");
    const QString format = option("time_format");
    if (format == QLatin1String("unix"))
        a->m_timeFormat = TimeFormat::Unix;
    else if (format == QLatin1String("unix_ms"))
        a->m_timeFormat = TimeFormat::UnixMs;
    else if (!format.isEmpty() && format != QLatin1String("iso"))
        fail("time_format", QStringLiteral("time_format must be iso, unix or unix_ms"));

    a->m_pageSize = settings.pageSize > 0 ? settings.pageSize : kDefaultPageSize;
    if (a->m_pageSize > kMaxPageSize) {
        problems->append({QStringLiteral("page_size"),
                          QStringLiteral("page_size must be at most %1").arg(kMaxPageSize)});
    }
    const QString paging = option("paging");
    a->m_offsetParam = option("offset_param");
    a->m_limitParam = option("limit_param");
    a->m_cursorParam = option("cursor_param");
    a->m_nextCursorPath = option("next_cursor_path");
    if (paging == QLatin1String("offset")) {
        a->m_paging = Paging::Offset;
        if (a->m_offsetParam.isEmpty())
            fail("paging", QStringLiteral("paging = offset needs offset_param"));
        // Without a limit the page size is the API's, and a short page could not be told
        // from a full one.
        if (a->m_limitParam.isEmpty())
            fail("paging", QStringLiteral("paging = offset needs limit_param"));
        const QString overlap = option("overlap_items");
        if (!overlap.isEmpty()) {
            bool ok = false;
            a->m_overlapItems = overlap.toInt(&ok);
            if (!ok || a->m_overlapItems < 0 || a->m_overlapItems >= a->m_pageSize)
                fail("overlap_items",
                     QStringLiteral("overlap_items must be a whole number 0..page_size-1 (%1)")
                         .arg(a->m_pageSize - 1));
        }
    } else if (paging == QLatin1String("cursor")) {
        a->m_paging = Paging::Cursor;
        if (a->m_cursorParam.isEmpty())
            fail("paging", QStringLiteral("paging = cursor needs cursor_param"));
        if (!validPath(a->m_nextCursorPath))
            fail("paging",
                 QStringLiteral("paging = cursor needs next_cursor_path (e.g. meta.next)"));
    } else if (!paging.isEmpty() && paging != QLatin1String("none")) {
        fail("paging", QStringLiteral("paging must be offset, cursor or none"));
    }
    a->m_itemsPath = option("items_path");
    if (!a->m_itemsPath.isEmpty() && !validPath(a->m_itemsPath))
        fail("items_path", QStringLiteral("items_path must be a dotted path, e.g. result.items"));
    a->m_keyPath = option("key_path");
    if (!validPath(a->m_keyPath))
        fail("key_path", QStringLiteral("key_path is needed: the dotted path to an item's id, "
                                        "e.g. id or order.number"));
    a->m_timePath = option("time_path");
    if (!a->m_timePath.isEmpty() && !validPath(a->m_timePath))
        fail("time_path", QStringLiteral("time_path must be a dotted path, e.g. created_at"));
    a->m_kind = option("kind");
    if (a->m_kind.size() > 200)
        fail("kind", QStringLiteral("kind must be at most 200 characters"));
    a->m_authHeader = option("auth_header").toLatin1();
    if (!a->m_authHeader.isEmpty()) {
        const QByteArray token = settings.secrets.value(QStringLiteral("token"));
        if (token.isEmpty()) {
            fail("auth_header",
                 QStringLiteral("auth_header needs the secret token (token_file or token_env)"));
        } else {
            const QString scheme = option("auth_scheme");
            a->m_authValue = scheme.isEmpty() ? token : scheme.toLatin1() + ' ' + token;
        }
    } else if (!option("auth_scheme").isEmpty()) {
        fail("auth_scheme", QStringLiteral("auth_scheme needs auth_header"));
    }
    a->m_rules.overlapMs = settings.overlapMs;
    a->m_rules.firstWindowMs = settings.firstWindowMs;
    if (problems->size() > before)
        return nullptr;
    return a;
}

QString JsonListAdapter::timeText(const QDateTime &time) const
{
    switch (m_timeFormat) {
    case TimeFormat::Unix:
        return QString::number(time.toSecsSinceEpoch());
    case TimeFormat::UnixMs:
        return QString::number(time.toMSecsSinceEpoch());
    case TimeFormat::Iso:
        break;
    }
    return isoTime(time);
}

QDateTime JsonListAdapter::readTime(const QString &text, bool isNumber) const
{
    if (isNumber) {
        bool ok = false;
        const qint64 n = text.toLongLong(&ok);
        if (!ok)
            return {};
        return m_timeFormat == TimeFormat::UnixMs ? QDateTime::fromMSecsSinceEpoch(n, Qt::UTC)
                                                  : QDateTime::fromSecsSinceEpoch(n, Qt::UTC);
    }
    return readIsoTime(QJsonValue(text));
}

bool JsonListAdapter::nextRequest(const QJsonObject &cursor, const QDateTime &now, PollRequest *out,
                                  QString *error) const
{
    PollWindow window;
    bool isNew = false;
    if (!windowOf(cursor, now, m_rules, &window, &isNew, error))
        return false;
    QJsonObject requestCursor = withWindow(cursor, window);
    if (isNew) {
        // A new window starts at its first page, whatever the last one ended with.
        requestCursor.remove(kOffset);
        requestCursor.remove(kPageCursor);
    }
    qint64 offset = 0;
    if (m_paging == Paging::Offset && requestCursor.contains(kOffset)) {
        const QJsonValue v = requestCursor.value(kOffset);
        offset = qint64(v.toDouble(-1));
        if (!v.isDouble() || offset < 0 || double(offset) != v.toDouble()) {
            *error = QStringLiteral("the cursor's offset is not a whole number >= 0");
            return false;
        }
    }
    QString pageCursor;
    if (m_paging == Paging::Cursor && requestCursor.contains(kPageCursor)) {
        if (!requestCursor.value(kPageCursor).isString()) {
            *error = QStringLiteral("the cursor's page_cursor is not a string");
            return false;
        }
        pageCursor = requestCursor.value(kPageCursor).toString();
    }

    // The parameters in order; POST sends them as a JSON object instead of a query.
    QList<QPair<QString, QJsonValue>> params;
    const bool numericTime = m_timeFormat != TimeFormat::Iso;
    const auto addTime = [&](const QString &name, const QDateTime &t) {
        if (name.isEmpty())
            return;
        const QString text = timeText(t);
        params.append({name, numericTime ? QJsonValue(text.toDouble()) : QJsonValue(text)});
    };
    addTime(m_sinceParam, window.since);
    addTime(m_toParam, window.to);
    if (m_paging == Paging::Offset)
        params.append({m_offsetParam, QJsonValue(double(offset))});
    if (m_paging == Paging::Cursor && !pageCursor.isEmpty())
        params.append({m_cursorParam, QJsonValue(pageCursor)});
    if (!m_limitParam.isEmpty() && m_paging != Paging::None)
        params.append({m_limitParam, QJsonValue(m_pageSize)});

    PollRequest request;
    request.method = m_method;
    request.url = m_url;
    if (m_method == "GET") {
        QUrlQuery query(m_url);
        for (const auto &p : std::as_const(params)) {
            const QString value = p.second.isString()
                                      ? p.second.toString()
                                      : QString::number(qint64(p.second.toDouble()));
            query.addQueryItem(p.first, QString::fromLatin1(QUrl::toPercentEncoding(value)));
        }
        request.url.setQuery(query);
    } else {
        QJsonObject body;
        for (const auto &p : std::as_const(params))
            body.insert(p.first, p.second);
        request.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
        request.headers.append(
            qMakePair(QByteArray("Content-Type"), QByteArray("application/json")));
    }
    request.headers.append(qMakePair(QByteArray("Accept"), QByteArray("application/json")));
    if (!m_authHeader.isEmpty())
        request.headers.append(qMakePair(m_authHeader, m_authValue));
    request.requestCursor = requestCursor;
    *out = request;
    return true;
}

PolledPage JsonListAdapter::readPage(const QJsonObject &requestCursor,
                                     const QByteArray &answer) const
{
    PolledPage page;
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(answer, &parseError);
    if (parseError.error != QJsonParseError::NoError || doc.isNull()) {
        page.error = QStringLiteral("the answer is not JSON: %1 at byte %2")
                         .arg(parseError.errorString())
                         .arg(parseError.offset);
        return page;
    }
    PollWindow window;
    bool isNew = false;
    QString error;
    if (!windowOf(requestCursor, QDateTime::currentDateTimeUtc(), m_rules, &window, &isNew,
                  &error) ||
        isNew) {
        page.error = isNew ? QStringLiteral("the request's cursor holds no window") : error;
        return page;
    }
    const rawjson::Span root = rawjson::root(answer);
    const rawjson::Span list = rawjson::find(answer, root, m_itemsPath);
    if (!list.found()) {
        page.error = QStringLiteral("the answer has no %1").arg(m_itemsPath);
        return page;
    }
    if (rawjson::kindOf(answer, list) != '[') {
        page.error = QStringLiteral("%1 in the answer is not an array")
                         .arg(m_itemsPath.isEmpty() ? QStringLiteral("the answer") : m_itemsPath);
        return page;
    }
    const QList<rawjson::Span> items = rawjson::elements(answer, list);
    if (items.size() > kMaxPageSize) {
        page.error = QStringLiteral("the answer holds %1 items, more than %2 (lower page_size)")
                         .arg(items.size())
                         .arg(kMaxPageSize);
        return page;
    }
    for (qsizetype i = 0; i < items.size(); ++i) {
        const rawjson::Span item = items.at(i);
        const rawjson::Span keySpan = rawjson::find(answer, item, m_keyPath);
        bool ok = false;
        const QString key = rawjson::scalarText(answer, keySpan, &ok);
        const char keyKind = rawjson::kindOf(answer, keySpan);
        // A key that is not a string or a number would store items under "true" or nothing:
        // the page is refused (nothing stored) so a person sees it, not a silent merge.
        if (!ok || key.isEmpty() || keyKind == 't' || keyKind == 'f') {
            page.error =
                QStringLiteral("item %1 has no %2 (a string or a number)").arg(i).arg(m_keyPath);
            page.items.clear();
            return page;
        }
        PolledItem polled;
        polled.externalId = key;
        polled.body = rawjson::compact(answer, item);
        polled.kind = m_kind;
        if (!m_timePath.isEmpty()) {
            const rawjson::Span t = rawjson::find(answer, item, m_timePath);
            bool timeOk = false;
            const QString text = rawjson::scalarText(answer, t, &timeOk);
            if (timeOk)
                polled.occurredAt = readTime(text, rawjson::kindOf(answer, t) != '"');
        }
        page.items.append(polled);
    }

    const auto finish = [&] {
        page.pollDone = true;
        page.windowEnd = window.to;
        page.cursor = finishedCursor(window);
    };
    switch (m_paging) {
    case Paging::None:
        finish();
        break;
    case Paging::Offset: {
        const qint64 offset = qint64(requestCursor.value(kOffset).toDouble(0));
        if (items.size() < m_pageSize) {
            finish();
            break;
        }
        // The next page starts overlap_items before this one's end, so an item that a new
        // arrival pushed across the boundary is read again (a repeat, harmless) instead of
        // skipped. The risk left: when more than overlap_items items ahead of the boundary
        // leave the list while it is paged (deleted, or moved out of the window by a status
        // filter), everything behind moves up by more than the overlap and an item can be
        // jumped over in this poll; the next poll's window overlaps this one and reads it
        // then, unless it too has left the window. An API sorted by a stable key (creation
        // time ascending, id) is the safe choice for offset paging.
        page.cursor = requestCursor;
        page.cursor.insert(kOffset,
                           double(offset + qMax<qint64>(1, items.size() - m_overlapItems)));
        break;
    }
    case Paging::Cursor: {
        const rawjson::Span next = rawjson::find(answer, root, m_nextCursorPath);
        bool ok = false;
        const QString nextCursor = rawjson::scalarText(answer, next, &ok);
        const QString current = requestCursor.value(kPageCursor).toString();
        // No items, no next cursor, or the same one again: the window is read.
        if (items.isEmpty() || !ok || nextCursor.isEmpty() || nextCursor == current ||
            rawjson::kindOf(answer, next) == 'f') {
            finish();
            break;
        }
        page.cursor = requestCursor;
        page.cursor.insert(kPageCursor, nextCursor);
        break;
    }
    }
    return page;
}

} // namespace inbox::poll
