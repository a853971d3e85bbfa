#include "help/screenguide.h"

#include "attention/attentionpage.h"
#include "audit/auditpage.h"
#include "connection/connectionpage.h"
#include "duplicates/duplicatespage.h"
#include "journal/journalpage.h"
#include "overview/overviewpage.h"
#include "report/reportpage.h"

namespace inbox {

namespace {

// The roles paragraph every guide ends with: who may do what on that screen.
QString roles(const QString &text)
{
    return QStringLiteral("<h3>%1</h3><p>%2</p>").arg(ScreenGuide::tr("Who may do what"), text);
}

} // namespace

QString ScreenGuide::html(const QWidget *screen)
{
    if (qobject_cast<const ConnectionPage *>(screen))
        return connectGuide();
    if (qobject_cast<const OverviewPage *>(screen))
        return overviewGuide();
    if (qobject_cast<const JournalPage *>(screen))
        return journalGuide();
    if (qobject_cast<const AttentionPage *>(screen))
        return attentionGuide();
    if (qobject_cast<const DuplicatesPage *>(screen))
        return duplicatesGuide();
    if (qobject_cast<const AuditPage *>(screen))
        return auditGuide();
    if (qobject_cast<const ReportPage *>(screen))
        return reportGuide();
    return generalGuide();
}

QString ScreenGuide::connectGuide()
{
    return tr("<h2>Connect</h2>"
              "<p>Where the console connects, and what the connection turned out to be. The "
              "other screens open once you are connected to a database whose inbox schema "
              "matches this program.</p>"
              "<h3>Controls</h3><ul>"
              "<li><b>Profile</b>: pick a saved connection. To save the current connection "
              "string, type a name and press <b>Save profile</b>; <b>Delete profile</b> removes "
              "the one named. A profile never holds a password: one found in the string is "
              "taken out when saving and kept in memory only.</li>"
              "<li><b>Connection string</b>: libpq's form: <code>host=... port=... dbname=... "
              "user=... sslmode=...</code>, a <code>postgresql://</code> URI, or "
              "<code>service=NAME</code>. What is left out comes from the PG* environment "
              "variables, the service file and <code>~/.pgpass</code>, as with psql.</li>"
              "<li><b>Read from</b> (optional): a hot standby for the screens to read from, "
              "e.g. <code>host=db2</code>; what it leaves out comes from the connection "
              "string. Every action still goes to the connection string's server. While the "
              "standby does not answer, reads go there too, unless "
              "<code>target_session_attrs</code> is given here. The status bar shows where "
              "reads come from and the standby's lag.</li>"
              "<li><b>Password</b>: only when neither <code>~/.pgpass</code> nor the service "
              "file has it. It is kept in memory only, never saved or logged.</li>"
              "<li><b>Connect</b> (or Enter in either field) connects; <b>Cancel</b> stops an "
              "attempt that takes long. A failure says what to do next.</li></ul>"
              "<p>The <b>Connection</b> box shows the server version, database, address, the "
              "user and their inbox roles, whether the connection is encrypted, and the schema "
              "version. When the schema is missing or older than this program, the user who "
              "owns it gets a button that applies the pending migrations; anyone else is told "
              "whom to ask and which command to run. A schema newer than this program keeps "
              "the other screens closed: use a newer Inbox Console.</p>") +
           roles(tr("Anyone with a login may connect. What the console then lets you do comes "
                    "from your database roles: <b>inbox_support</b> reads every screen, "
                    "<b>inbox_operator</b> may also requeue events, <b>inbox_manager</b> may also "
                    "decide on possible duplicates. Only the schema's owner may apply "
                    "migrations. The database enforces all of this itself."));
}

QString ScreenGuide::overviewGuide()
{
    return tr("<h2>Overview</h2>"
              "<p>How the inbox is doing, at a glance: today and the last 14 days (UTC days), "
              "and what is waiting right now. It updates by itself within seconds.</p>"
              "<h3>Controls</h3><ul>"
              "<li><b>Source</b>: all sources, or one: the tiles, charts and the per-day table "
              "follow it.</li>"
              "<li><b>Tiles</b>: <i>Waiting</i> (received, not processed yet), <i>Due now</i> "
              "(a worker may take them now), <i>Processing</i> (held by a worker), "
              "<i>Stuck</i> (a worker's lock older than the lock timeout, 5 minutes by default), "
              "<i>Failed</i> (waiting for "
              "a person on Needs attention), <i>Open duplicates</i> and <i>Oldest due</i>. "
              "Stuck and failed turn red above zero, the oldest due event after 5 "
              "minutes. Hover a tile for its meaning.</li>"
              "<li><b>Charts</b>: deliveries per day (new, repeats, conflicts, with the share "
              "of repeats as a line) and outcomes per day (done, failed, with the share of "
              "failures).</li>"
              "<li><b>Tables</b>: <i>Per day</i> gives the figures behind the charts, <i>Now, "
              "per source</i> the current queue of every source.</li></ul>"
              "<p>A yellow warning appears when today's share of repeat deliveries or of "
              "failures jumps against the usual level (the median of the earlier days): "
              "repeats usually mean the receiver answers too slowly, failures are listed on "
              "Needs attention.</p>") +
           tr("<p>Every figure leads to what it counts, of the source chosen: click a tile (or "
              "Tab to it and press Enter or Space). <b>Waiting</b> and <b>Due now</b> open the "
              "journal on the waiting (received) events, <b>Processing</b> on the events being "
              "processed, <b>Stuck</b> and <b>Failed</b> open Needs attention on the stuck or "
              "the failed events, <b>Oldest due</b> opens that event in the journal and "
              "<b>Open duplicates</b> the Duplicates screen. A day's bar, or its row in "
              "<i>Per day</i> (a click, or Enter), opens the journal on that UTC day and "
              "source. Hover a bar for its day and count.</p>") +
           tr("<p><b>Handlers</b> (the last table) lists where inbox-dispatcher hands the events "
              "on: each handler's state (delivering, its breaker open after failures, waiting "
              "as the handler asked, paused), the figures of its latest 1,000 requests and its "
              "last error. <b>Pause</b> stops sending to the selected handler: its events wait "
              "as they are, nothing fails and nothing is dropped, until someone presses "
              "<b>Resume</b>. Both ask for a reason, which the journal keeps with your name. "
              "A handler that answered 410 Gone is paused the same way until resumed.</p>") +
           roles(tr("Reading the overview needs the <b>inbox_support</b> role (or "
                    "inbox_operator or inbox_manager, which include it). Pausing and resuming a "
                    "handler needs <b>inbox_operator</b>; nothing else here changes data."));
}

QString ScreenGuide::journalGuide()
{
    return tr("<h2>Journal</h2>"
              "<p>Every event, newest first, and everything that happened to it. Use it to "
              "answer \"what happened to order 12345?\".</p>"
              "<h3>Controls</h3><ul>"
              "<li><b>Search</b> (<b>/</b> or <b>Ctrl+F</b>): an external id, an idempotency key "
              "or an event id, or a customer's phone, e-mail or name. Exact matches come first, "
              "then external ids and keys that start with the text, then the events whose lead "
              "has that phone (written any way: +7 (916) 123-45-67 and 89161234567 are one "
              "number) or e-mail (in any case), or a name that starts with the text (in any "
              "case). An external id whose event was removed by retention is still found: "
              "its kept key is a row with the status \"pruned\" whose detail shows what was "
              "kept. Enter searches at once; Esc cancels a slow search or moves to the "
              "table.</li>"
              "<li><b>Source</b>, <b>Status</b>, <b>Kind</b>: tick one or more values; none "
              "ticked means all. The time box limits when the event was received; "
              "<i>Custom...</i> shows from and to fields. <b>Needs review</b> keeps only the "
              "events a person should look at. <b>Clear filters</b> resets them all. The "
              "filters are kept for the next start; the search is not.</li>"
              "<li><b>The table</b> reads more rows as you scroll, through any number of "
              "events. Click a column header to sort by it where the column allows. When new "
              "events arrive the list does not jump: a bar says how many are new and "
              "<b>Show</b> brings them in. A slow query shows a bar with <b>Cancel</b>.</li>"
              "<li><b>Copying</b>: Ctrl+C copies the selected rows (tab-separated, for a "
              "spreadsheet); the right-click menu copies an event id, external id or "
              "idempotency key, and so do Ctrl+Shift+C, Ctrl+Shift+E and Ctrl+Shift+K for the "
              "current row. <b>Export CSV...</b> (Ctrl+E) writes every event the search and "
              "filters match to a file.</li>"
              "<li><b>The detail pane</b> shows the selected event: <i>Body</i> (decoded JSON, "
              "form fields, text or hex; <i>Save whole body...</i>), <i>Deliveries</i> (every "
              "delivery, with the differing body of a conflict), <i>Timeline</i> (the journal "
              "entries), <i>Actions</i> (outgoing calls with their operation keys and results) "
              "and <i>Lead</i> (the lead and its possible duplicates). The copy buttons put the "
              "id, external id or key on the clipboard.</li></ul>") +
           tr("<p><b>Copy link</b> (Ctrl+Shift+L, Edit menu, the detail pane's button or its "
              "right-click menu; also for a pair on Duplicates and an entry on Audit) puts a link "
              "such as <code>inbox-console://open?profile=prod&amp;event=42</code> on the "
              "clipboard. A colleague opens it with <code>inbox-console --open LINK</code> or a "
              "click where the desktop knows the program: it connects with the saved connection "
              "profile of that name (asking on Connect for what is missing) and shows the same "
              "place.</p>") +
           tr("<p>The detail's last tab, <i>Handler</i>, lists each request inbox-dispatcher "
              "made to hand the event to the team's handler: when, to which handler, the "
              "attempt, the HTTP status (or no answer), how long it took, what became of the "
              "event, and the first bytes of the answer or the error. Every attempt carried the "
              "same Idempotency-Key.</p>") +
           roles(tr("Reading the journal needs the <b>inbox_support</b> role (or one that "
                    "includes it). The journal is read-only: requeue events on Needs attention, "
                    "decide on duplicates on Duplicates."));
}

QString ScreenGuide::attentionGuide()
{
    return tr("<h2>Needs attention</h2>"
              "<p>Failed events, stuck events (processing with a lock older than the lock "
              "timeout) and events that need a review, grouped by trouble, source and error, "
              "so that 300 failures with the same error are one line.</p>"
              "<h3>Controls</h3><ul>"
              "<li><b>Search</b> (<b>/</b> or <b>Ctrl+F</b>), <b>Source</b>, <b>Kind</b> and the "
              "time box (<i>Custom...</i> shows from and to fields) narrow the groups; the "
              "filters are kept for the next start, the search is not.</li>"
              "<li>Select a <b>group</b> to list its events below; select an <b>event</b> to "
              "see its detail on the right (as on the Journal).</li>"
              "<li><b>Requeue...</b> offers <i>Selected events</i>, <i>All events of the selected "
              "group</i> or <i>All events matching the filter</i>. The dialog first counts how "
              "many events will be requeued and how many will be left alone and why, and asks "
              "for a reason, which the journal records. It then requeues in batches with a "
              "progress bar (<b>Stop</b> ends after the running batch) and reports the outcome "
              "of every event. A requeued event keeps its id, idempotency key, body and "
              "history, so nothing is created twice. Ctrl+R requeues the selected events, "
              "Ctrl+Shift+R the selected group.</li></ul>"
              "<p>Events that failed validation may be requeued (the reference data may have "
              "been fixed), but the dialog warns that a plain retry will fail again.</p>") +
           roles(tr("Anyone with <b>inbox_support</b> may look. Requeuing needs "
                    "<b>inbox_operator</b> or <b>inbox_manager</b>; for other users the "
                    "Requeue button is disabled and says why."));
}

QString ScreenGuide::duplicatesGuide()
{
    return tr("<h2>Duplicates</h2>"
              "<p>Pairs of leads that may be the same request, oldest first, with the counters "
              "of open pairs and of decisions taken today. Decide each pair: the same request "
              "(merge: lead B is linked to lead A) or a genuinely new one (keep separate).</p>"
              "<h3>Controls</h3><ul>"
              "<li><b>Search</b> (<b>/</b> or <b>Ctrl+F</b>) by phone, e-mail or external id; "
              "<b>channel</b>, <b>reason</b> and <b>age</b> narrow the list.</li>"
              "<li>The pair: lead A (earlier) and lead B (newer) side by side: channel, time, "
              "name, phone and e-mail as received and normalised, message and deal, with the "
              "matching fields marked, the reasons and the score. Weak evidence is pointed "
              "out, and what a merge will do is stated before you decide. A button opens each "
              "lead's event in the Journal.</li>"
              "<li><b>Merge [M]</b>, <b>Keep separate [R]</b>, <b>Skip [S]</b> (decide later), "
              "<b>Undo my last [U]</b> (your last decision in this session); <b>J</b> and "
              "<b>K</b> go to the next and previous pair. The note is optional and saved with "
              "the decision; Esc leaves the note field.</li></ul>"
              "<p>If someone else decided the same pair first, their decision is shown and "
              "yours is not applied; to change a decision, undo it first.</p>") +
           roles(tr("Anyone with <b>inbox_support</b> may look. Deciding and undoing need "
                    "<b>inbox_manager</b>; for other users the decision buttons are "
                    "disabled."));
}

QString ScreenGuide::auditGuide()
{
    return tr("<h2>Audit</h2>"
              "<p>Every action a person took, newest first: requeues, merges, pairs kept "
              "separate, undone decisions and prunes, with who, when, on how many events and "
              "the reason or note given.</p>"
              "<h3>Controls</h3><ul>"
              "<li><b>Person</b>, <b>Action</b> and the time box filter the list; "
              "<i>Between...</i> shows from and to fields.</li>"
              "<li>Select an action to list the events it touched below, with their status "
              "now. Click an event, or select it and press <b>Open in journal</b>, to read it "
              "on the Journal.</li></ul>"
              "<p>The person is the database user who acted: the console cannot write another "
              "name.</p>") +
           roles(tr("Reading the audit needs the <b>inbox_support</b> role (or one that "
                    "includes it). Nothing here changes data."));
}

QString ScreenGuide::reportGuide()
{
    return tr("<h2>Report</h2>"
              "<p>How many duplicates the shop had before the inbox, and how many reach a person "
              "now. The <b>baseline</b> is a month's export of leads or deals from the CRM, from "
              "before the inbox, imported with <b>Import an export</b>: Bitrix24 and amoCRM "
              "exports are recognised as they are; for any other CSV choose which column holds "
              "the external id, the time, the phones and so on, and the preview shows the "
              "first records as that choice reads them. Every line that cannot be read is "
              "listed after the import, and a mapping made by hand is remembered for the next "
              "file with the same columns (the command line: <code>inbox-console report import "
              "FILE</code>). Its duplicates are the rows beyond the first of a group: "
              "the same external id, or the same phone or e-mail (normalized as the inbox "
              "normalizes them) within the <b>window</b>. Rows further apart are a regular "
              "customer's next order, not a duplicate.</p>"
              "<p><b>With the inbox</b> counts the chosen days from the inbox itself: "
              "deliveries, the repeats it absorbed (duplicates that no longer reach anyone), "
              "the possible duplicates it flagged for a manager and what became of them, what "
              "the receivers refused and what failed. The chart and the summary put both per "
              "30 days and price each duplicate a person handles at the <b>cost</b> in "
              "minutes.</p>"
              "<p>Below, the baseline's largest groups: select one to read its rows, and check "
              "a sample before believing the figure. Nothing is merged or deleted from a "
              "report. <b>Export PDF</b> writes the report for an owner who has never seen the "
              "console; <b>Export CSV</b> the table for a spreadsheet.</p>") +
           roles(tr("Managers import baselines (and delete them, from the command line) and "
                    "read the Report; a support login given the inbox_report role reads it too. "
                    "Operators do not see its figures."));
}

QString ScreenGuide::generalGuide()
{
    return tr("<h2>Inbox Console</h2><p>Choose a screen with its tab or Alt+1 to Alt+7, then "
              "press F1 for its guide. Help > Keyboard shortcuts lists every key.</p>");
}

} // namespace inbox
