// amoCRM events API v4, as its public reference describes it:
//   GET {base_url}/api/v4/events?filter[created_at][from]=UNIX&filter[created_at][to]=UNIX
//       &filter[entity][]=lead&filter[type][]=lead_added&page=N&limit=100
//   Authorization: Bearer <token>
//   200 {"_page": N, "_links": {"next": {"href": ...}}, "_embedded": {"events": [
//         {"id": "01...", "type": "lead_status_changed", "entity_id": 123,
//          "entity_type": "lead", "created_by": 5, "created_at": 1733300000,
//          "value_after": [...], "value_before": [...], "account_id": 7}]}}
//   204 with no body when nothing matches (the poller hands it over as an empty answer).
// limit is at most 100. amoCRM allows 7 requests a second per account (ratedefaults).
//
// Key: the event's own id, which amoCRM never reuses, so an event is stored once however
// many windows return it; kind "amocrm.<type>", occurred at created_at. An event does not
// change once written, so its body's hash is its fingerprint: a changed body under the same
// id would be a real anomaly, kept for review as a conflict.
//
// Paging: page numbers inside a window fixed when its first page is asked for (created_at
// from..to, to = the poll's start). Events created after "to" are outside the window, and an
// event that appears late inside it can only push the rest one place further (the page after
// repeats one event, a harmless repeat): events are never deleted from the list, so a page
// number can show one twice, never skip one. The next poll's overlap catches an event that
// appears after its window was read.
#include "amocrmadapter.h"

#include "pollwindow.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QUrlQuery>

namespace inbox::poll {

namespace {

constexpr int kMaxLimit = 100;

class AmoCrmAdapter final : public PollAdapter
{
public:
    AmoCrmAdapter(const AdapterSettings &settings, QStringList entities, QStringList types)
        : m_base(settings.baseUrl), m_token(settings.secrets.value(QStringLiteral("token"))),
          m_limit(settings.pageSize > 0 ? qMin(settings.pageSize, kMaxLimit) : kMaxLimit),
          m_entities(std::move(entities)), m_types(std::move(types))
    {
        m_rules.overlapMs = settings.overlapMs;
        m_rules.firstWindowMs = settings.firstWindowMs;
    }

    QString name() const override { return QStringLiteral("amocrm"); }
    bool readsAhead() const override { return true; }
    // amoCRM allows 7 requests a second per account; beyond it answers 429.
    int defaultRatePerMinute() const override { return 7 * 60; }
    int defaultBurst() const override { return 7; }

    bool nextRequest(const QJsonObject &cursor, const QDateTime &now, PollRequest *out,
                     QString *error) const override
    {
        PollWindow window;
        bool isNew = false;
        if (!windowOf(cursor, now, m_rules, &window, &isNew, error))
            return false;
        const int page = isNew ? 1 : cursor.value(QLatin1String("page")).toInt(1);
        if (page < 1) {
            *error = QStringLiteral("the cursor's page is not a positive number");
            return false;
        }
        QUrlQuery query;
        query.addQueryItem(QStringLiteral("filter[created_at][from]"),
                           QString::number(window.since.toSecsSinceEpoch()));
        query.addQueryItem(QStringLiteral("filter[created_at][to]"),
                           QString::number(window.to.toSecsSinceEpoch()));
        for (const QString &e : m_entities)
            query.addQueryItem(QStringLiteral("filter[entity][]"), e);
        for (const QString &t : m_types)
            query.addQueryItem(QStringLiteral("filter[type][]"), t);
        query.addQueryItem(QStringLiteral("page"), QString::number(page));
        query.addQueryItem(QStringLiteral("limit"), QString::number(m_limit));
        QUrl url = m_base;
        url.setPath(url.path().chopped(url.path().endsWith(QLatin1Char('/')) ? 1 : 0) +
                    QStringLiteral("/api/v4/events"));
        url.setQuery(query);
        out->method = "GET";
        out->url = url;
        out->headers = {{"Authorization", "Bearer " + m_token}, {"Accept", "application/json"}};
        out->body.clear();
        QJsonObject fixed = withWindow(QJsonObject(), window);
        fixed.insert(QLatin1String("page"), page);
        out->requestCursor = fixed;
        return true;
    }

    PolledPage readPage(const QJsonObject &requestCursor, const QByteArray &answer) const override
    {
        PolledPage page;
        const PollWindow window = requestWindow(requestCursor);
        const int pageNo = requestCursor.value(QLatin1String("page")).toInt(1);
        QJsonArray events;
        bool hasNext = false;
        if (!answer.trimmed().isEmpty()) { // 204: nothing in the window
            QJsonParseError parseError;
            const QJsonDocument doc = QJsonDocument::fromJson(answer, &parseError);
            if (!doc.isObject()) {
                page.error = QStringLiteral("the answer is not a JSON object: %1")
                                 .arg(parseError.errorString());
                return page;
            }
            const QJsonValue embedded = doc.object().value(QLatin1String("_embedded"));
            if (!embedded.isObject() ||
                !embedded.toObject().value(QLatin1String("events")).isArray()) {
                page.error = QStringLiteral("the answer has no _embedded.events array");
                return page;
            }
            events = embedded.toObject().value(QLatin1String("events")).toArray();
            hasNext = doc.object()
                          .value(QLatin1String("_links"))
                          .toObject()
                          .value(QLatin1String("next"))
                          .isObject();
        }
        for (int i = 0; i < events.size(); ++i) {
            const QJsonObject e = events.at(i).toObject();
            const QJsonValue id = e.value(QLatin1String("id"));
            const QString type = e.value(QLatin1String("type")).toString();
            if (!(id.isString() && !id.toString().isEmpty()) && !id.isDouble()) {
                page.error = QStringLiteral("event %1 of the page has no id").arg(i + 1);
                return page;
            }
            PolledItem item;
            // Event ids are strings in v4; a number is taken as its integer text.
            item.externalId =
                id.isString() ? id.toString() : QString::number(qint64(id.toDouble()));
            item.body = QJsonDocument(e).toJson(QJsonDocument::Compact);
            if (e.value(QLatin1String("created_at")).isDouble())
                item.occurredAt = QDateTime::fromSecsSinceEpoch(
                    qint64(e.value(QLatin1String("created_at")).toDouble()), Qt::UTC);
            if (!type.isEmpty())
                item.kind = QStringLiteral("amocrm.") + type;
            page.items.append(item);
        }
        // The last page: no next link, or fewer events than asked for.
        if (!hasNext || events.size() < m_limit) {
            page.pollDone = true;
            page.windowEnd = window.to;
            page.cursor = finishedCursor(window);
        } else {
            page.cursor = withWindow(QJsonObject(), window);
            page.cursor.insert(QLatin1String("page"), pageNo + 1);
        }
        return page;
    }

private:
    QUrl m_base;
    QByteArray m_token;
    int m_limit;
    QStringList m_entities;
    QStringList m_types;
    WindowRules m_rules;
};

QStringList listOption(const AdapterSettings &settings, const QString &key)
{
    QStringList out;
    for (const QString &part :
         settings.options.value(key).split(QLatin1Char(','), Qt::SkipEmptyParts))
        out << part.trimmed();
    return out;
}

} // namespace

std::unique_ptr<PollAdapter> makeAmoCrmAdapter(const AdapterSettings &settings,
                                               QList<SettingProblem> *problems)
{
    const int before = problems->size();
    if (settings.secrets.value(QStringLiteral("token")).isEmpty())
        problems->append({QStringLiteral("token_file"),
                          QStringLiteral("amocrm needs a token (token_file or token_env)")});
    if (!settings.baseUrl.isValid() || settings.baseUrl.host().isEmpty())
        problems->append(
            {QStringLiteral("base_url"), QStringLiteral("amocrm needs the account's address, e.g. "
                                                        "https://example.amocrm.ru")});
    const QStringList entities = listOption(settings, QStringLiteral("entity"));
    const QStringList types = listOption(settings, QStringLiteral("types"));
    static const QRegularExpression plain(QStringLiteral("^[a-z_]{1,64}$"));
    for (const auto &[key, words] : {std::pair{QStringLiteral("entity"), entities},
                                     std::pair{QStringLiteral("types"), types}}) {
        for (const QString &word : words) {
            if (!plain.match(word).hasMatch())
                problems->append({key, QStringLiteral("\"%1\" is not an amoCRM name (lower-case "
                                                      "letters and _)")
                                           .arg(word)});
        }
    }
    if (problems->size() > before)
        return nullptr;
    return std::make_unique<AmoCrmAdapter>(settings, entities, types);
}

} // namespace inbox::poll
