<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>ConsoleLink</name>
    <message>
        <source>The link is empty.</source>
        <translation>The link is empty.</translation>
    </message>
    <message>
        <source>The link is too long to be an Inbox Console link.</source>
        <translation>The link is too long to be an Inbox Console link.</translation>
    </message>
    <message>
        <source>This is not an Inbox Console link: such a link starts with inbox-console://open?</source>
        <translation>This is not an Inbox Console link: such a link starts with inbox-console://open?</translation>
    </message>
    <message>
        <source>The link names no place to open (nothing after &quot;?&quot;): it may have been cut off.</source>
        <translation>The link names no place to open (nothing after &quot;?&quot;): it may have been cut off.</translation>
    </message>
    <message>
        <source>The link contains a space or a character a link cannot hold: it may have been broken across lines. Copy it again.</source>
        <translation>The link contains a space or a character a link cannot hold: it may have been broken across lines. Copy it again.</translation>
    </message>
    <message>
        <source>The part &quot;%1&quot; of the link is not of the form key=value with valid %-codes.</source>
        <translation>The part &quot;%1&quot; of the link is not of the form key=value with valid %-codes.</translation>
    </message>
    <message>
        <source>The link gives &quot;%1&quot; twice.</source>
        <translation>The link gives &quot;%1&quot; twice.</translation>
    </message>
    <message>
        <source>The link gives &quot;%1&quot; without a value.</source>
        <translation>The link gives &quot;%1&quot; without a value.</translation>
    </message>
    <message>
        <source>The value of &quot;%1&quot; in the link is too long or holds control characters.</source>
        <translation>The value of &quot;%1&quot; in the link is too long or holds control characters.</translation>
    </message>
    <message>
        <source>The link names no place this version knows (an event, a pair, an audit entry, a day or a view).</source>
        <translation>The link names no place this version knows (an event, a pair, an audit entry, a day or a view).</translation>
    </message>
    <message>
        <source>The link names more than one place to open.</source>
        <translation>The link names more than one place to open.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; in the link is not a positive whole number: %2</source>
        <translation>&quot;%1&quot; in the link is not a positive whole number: %2</translation>
    </message>
    <message>
        <source>The audit link lacks the time of the entry (at=, in UTC).</source>
        <translation>The audit link lacks the time of the entry (at=, in UTC).</translation>
    </message>
    <message>
        <source>&quot;day&quot; in the link is not a date of the form 2026-12-31: %1</source>
        <translation>&quot;day&quot; in the link is not a date of the form 2026-12-31: %1</translation>
    </message>
    <message>
        <source>The link names a view this version does not know: %1</source>
        <translation>The link names a view this version does not know: %1</translation>
    </message>
</context>
<context>
    <name>DuplicateWords</name>
    <message>
        <source>phone</source>
        <translation>phone</translation>
    </message>
    <message>
        <source>e-mail</source>
        <translation>e-mail</translation>
    </message>
    <message>
        <source>open deal</source>
        <translation>open deal</translation>
    </message>
    <message>
        <source>names differ</source>
        <translation>names differ</translation>
    </message>
    <message>
        <source>shared phone</source>
        <translation>shared phone</translation>
    </message>
    <message>
        <source>shared e-mail</source>
        <translation>shared e-mail</translation>
    </message>
    <message>
        <source>same phone %1</source>
        <translation>same phone %1</translation>
    </message>
    <message>
        <source>same e-mail %1</source>
        <translation>same e-mail %1</translation>
    </message>
    <message>
        <source>lead A&apos;s deal %1 is still open</source>
        <translation>lead A&apos;s deal %1 is still open</translation>
    </message>
    <message>
        <source>names match</source>
        <translation>names match</translation>
    </message>
    <message>
        <source>the phone is shared by many names</source>
        <translation>the phone is shared by many names</translation>
    </message>
    <message>
        <source>the e-mail is shared by many names</source>
        <translation>the e-mail is shared by many names</translation>
    </message>
    <message numerus="yes">
        <source>phone %1 is used by %n different name(s) (an office line?)</source>
        <translation>
            <numerusform>phone %1 is used by %n different name (an office line?)</numerusform>
            <numerusform>phone %1 is used by %n different names (an office line?)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>e-mail %1 is used by %n different name(s) (a shared mailbox?)</source>
        <translation>
            <numerusform>e-mail %1 is used by %n different name (a shared mailbox?)</numerusform>
            <numerusform>e-mail %1 is used by %n different names (a shared mailbox?)</numerusform>
        </translation>
    </message>
    <message>
        <source>every matching contact is a shared one</source>
        <translation>every matching contact is a shared one</translation>
    </message>
    <message>
        <source>Weak evidence: %1.</source>
        <translation>Weak evidence: %1.</translation>
    </message>
    <message>
        <source>lead %1 (#%2)</source>
        <translation>lead %1 (#%2)</translation>
    </message>
    <message>
        <source>lead %1 (%2, #%3)</source>
        <translation>lead %1 (%2, #%3)</translation>
    </message>
    <message>
        <source>%1 is already linked to lead #%2 by another decision: undo that one first.</source>
        <translation>%1 is already linked to lead #%2 by another decision: undo that one first.</translation>
    </message>
    <message>
        <source>deal %1 (open)</source>
        <translation>deal %1 (open)</translation>
    </message>
    <message>
        <source>deal %1 (closed)</source>
        <translation>deal %1 (closed)</translation>
    </message>
    <message>
        <source>%1 will be linked to %2 of %3</source>
        <translation>%1 will be linked to %2 of %3</translation>
    </message>
    <message>
        <source>%1 will be linked to %2, which has no deal yet</source>
        <translation>%1 will be linked to %2, which has no deal yet</translation>
    </message>
    <message>
        <source>; B&apos;s own deal %1 is set aside on B&apos;s record</source>
        <translation>; B&apos;s own deal %1 is set aside on B&apos;s record</translation>
    </message>
    <message>
        <source>Merge: %1. Nothing is deleted, and undo restores B exactly.</source>
        <translation>Merge: %1. Nothing is deleted, and undo restores B exactly.</translation>
    </message>
    <message>
        <source>merged by %1 at %2</source>
        <translation>merged by %1 at %2</translation>
    </message>
    <message>
        <source>kept separate by %1 at %2</source>
        <translation>kept separate by %1 at %2</translation>
    </message>
    <message>
        <source>open</source>
        <translation>open</translation>
    </message>
    <message>
        <source> (note: %1)</source>
        <translation> (note: %1)</translation>
    </message>
</context>
<context>
    <name>ReportDocument</name>
    <message>
        <source>Duplicates before and after the inbox</source>
        <translation>Duplicates before and after the inbox</translation>
    </message>
    <message>
        <source>Baseline: %1, file %2, %3 rows from %4 to %5 (%6 unreadable lines), imported by %7 on %8. Duplicates by external id, and by phone or e-mail within %9 hours.</source>
        <translation>Baseline: %1, file %2, %3 rows from %4 to %5 (%6 unreadable lines), imported by %7 on %8. Duplicates by external id, and by phone or e-mail within %9 hours.</translation>
    </message>
    <message>
        <source>With the inbox: %1 to %2 (UTC days, %3 days).</source>
        <translation>With the inbox: %1 to %2 (UTC days, %3 days).</translation>
    </message>
    <message>
        <source>Repeats absorbed: deliveries of a key the inbox already had, which no longer reach anyone. Possible duplicates: similar leads flagged for a manager, who merged or rejected them. The baseline&apos;s sources are named as in the CRM&apos;s export, the inbox&apos;s by their senders: compare the totals.</source>
        <translation>Repeats absorbed: deliveries of a key the inbox already had, which no longer reach anyone. Possible duplicates: similar leads flagged for a manager, who merged or rejected them. The baseline&apos;s sources are named as in the CRM&apos;s export, the inbox&apos;s by their senders: compare the totals.</translation>
    </message>
    <message>
        <source>Before the inbox: %1 of %2 rows were duplicates, %3 for a person per 30 days, %4 hours of a manager at %5 minutes each. With the inbox: repeats absorbed %6 (%7 of %8 deliveries), possible duplicates for a person %9 per 30 days (%10 of the deliveries), %11 hours.</source>
        <translation>Before the inbox: %1 of %2 rows were duplicates, %3 for a person per 30 days, %4 hours of a manager at %5 minutes each. With the inbox: repeats absorbed %6 (%7 of %8 deliveries), possible duplicates for a person %9 per 30 days (%10 of the deliveries), %11 hours.</translation>
    </message>
</context>
<context>
    <name>inbox::AboutDialog</name>
    <message>
        <source>About Inbox Console</source>
        <translation>About Inbox Console</translation>
    </message>
    <message>
        <source>About</source>
        <translation>About</translation>
    </message>
    <message>
        <source>&amp;About</source>
        <translation>&amp;About</translation>
    </message>
    <message>
        <source>Licences</source>
        <translation>Licences</translation>
    </message>
    <message>
        <source>&amp;Licences</source>
        <translation>&amp;Licences</translation>
    </message>
    <message>
        <source>Inbox Console</source>
        <translation>Inbox Console</translation>
    </message>
    <message>
        <source>The operator console of the shared inbox database: the journal, what needs attention, possible duplicates and the audit of what people did.</source>
        <translation>The operator console of the shared inbox database: the journal, what needs attention, possible duplicates and the audit of what people did.</translation>
    </message>
    <message>
        <source>Program version</source>
        <translation>Program version</translation>
    </message>
    <message>
        <source>Schema version it carries</source>
        <translation>Schema version it carries</translation>
    </message>
    <message>
        <source>Qt at run time</source>
        <translation>Qt at run time</translation>
    </message>
    <message>
        <source>built with %1</source>
        <translation>built with %1</translation>
    </message>
    <message>
        <source>libpq</source>
        <translation>libpq</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>Connection</translation>
    </message>
    <message>
        <source>Not connected.</source>
        <translation>Not connected.</translation>
    </message>
    <message>
        <source>no inbox schema</source>
        <translation>no inbox schema</translation>
    </message>
    <message>
        <source>%1 (newer than this program)</source>
        <translation>%1 (newer than this program)</translation>
    </message>
    <message>
        <source>%1 (older than this program)</source>
        <translation>%1 (older than this program)</translation>
    </message>
    <message>
        <source>Database schema version</source>
        <translation>Database schema version</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Database</source>
        <translation>Database</translation>
    </message>
    <message>
        <source>User</source>
        <translation>User</translation>
    </message>
    <message>
        <source>%1 (superuser)</source>
        <translation>%1 (superuser)</translation>
    </message>
    <message>
        <source>Inbox roles</source>
        <translation>Inbox roles</translation>
    </message>
    <message>
        <source>none</source>
        <translation>none</translation>
    </message>
    <message>
        <source>Inbox Console is free software: you may redistribute it and/or modify it under the terms of the GNU General Public License, version 3 or (at your option) any later version (GPL-3.0-or-later). It comes with no warranty. Full text: %1.</source>
        <translation>Inbox Console is free software: you may redistribute it and/or modify it under the terms of the GNU General Public License, version 3 or (at your option) any later version (GPL-3.0-or-later). It comes with no warranty. Full text: %1.</translation>
    </message>
    <message>
        <source>The notices below are installed with the package in</source>
        <translation>The notices below are installed with the package in</translation>
    </message>
    <message>
        <source>Qt Core, Gui, Widgets, Sql (with its PostgreSQL driver): GNU Lesser General Public License version 3 (LGPL-3.0), as Debian distributes them (Debian: &quot;LGPL-3 or GPL-2&quot;). Qt is linked as shared libraries, so you may replace them with your own build. Full text: %1; details: %2.</source>
        <translation>Qt Core, Gui, Widgets, Sql (with its PostgreSQL driver): GNU Lesser General Public License version 3 (LGPL-3.0), as Debian distributes them (Debian: &quot;LGPL-3 or GPL-2&quot;). Qt is linked as shared libraries, so you may replace them with your own build. Full text: %1; details: %2.</translation>
    </message>
    <message>
        <source>Source code: Debian&apos;s source package qt6-base (apt-get source qt6-base) or the Qt Company&apos;s archive at %1.</source>
        <translation>Source code: Debian&apos;s source package qt6-base (apt-get source qt6-base) or the Qt Company&apos;s archive at %1.</translation>
    </message>
    <message>
        <source>GNU General Public License version 3 or later (GPL-3.0-or-later): Debian builds Qt Charts under the GPL only, not the LGPL. Because Inbox Console links Qt Charts (the Overview&apos;s charts), whoever distributes this build of Inbox Console must do so under the terms of the GPL-3.0, with its complete source code. Full text: %1; details: %2. Source: Debian&apos;s source package qt6-charts.</source>
        <translation>GNU General Public License version 3 or later (GPL-3.0-or-later): Debian builds Qt Charts under the GPL only, not the LGPL. Because Inbox Console links Qt Charts (the Overview&apos;s charts), whoever distributes this build of Inbox Console must do so under the terms of the GPL-3.0, with its complete source code. Full text: %1; details: %2. Source: Debian&apos;s source package qt6-charts.</translation>
    </message>
    <message>
        <source>The PostgreSQL client library: PostgreSQL Licence (a permissive licence like BSD or MIT), © the PostgreSQL Global Development Group and the Regents of the University of California. Full text: %1.</source>
        <translation>The PostgreSQL client library: PostgreSQL Licence (a permissive licence like BSD or MIT), © the PostgreSQL Global Development Group and the Regents of the University of California. Full text: %1.</translation>
    </message>
    <message>
        <source>Logging: MIT licence, © Gabi Melman. Full text: %1.</source>
        <translation>Logging: MIT licence, © Gabi Melman. Full text: %1.</translation>
    </message>
    <message>
        <source>Text formatting (used by spdlog): MIT licence with an optional exception for embedded object code, © Victor Zverovich. Full text: %1.</source>
        <translation>Text formatting (used by spdlog): MIT licence with an optional exception for embedded object code, © Victor Zverovich. Full text: %1.</translation>
    </message>
</context>
<context>
    <name>inbox::AlertEpisodesModel</name>
    <message>
        <source>Rule</source>
        <translation>Rule</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>Severity</translation>
    </message>
    <message>
        <source>About</source>
        <translation>About</translation>
    </message>
    <message>
        <source>Firing since</source>
        <translation>Firing since</translation>
    </message>
    <message>
        <source>Resolved</source>
        <translation>Resolved</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>Messages</translation>
    </message>
    <message>
        <source>Last message</source>
        <translation>Last message</translation>
    </message>
    <message>
        <source>What Telegram answered to the latest message</source>
        <translation>What Telegram answered to the latest message</translation>
    </message>
    <message>
        <source>Fired</source>
        <translation>Fired</translation>
    </message>
    <message>
        <source>Messages to chats: sent, failed, unknown</source>
        <translation>Messages to chats: sent, failed, unknown</translation>
    </message>
    <message>
        <source>sent</source>
        <translation>sent</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>failed</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unknown</translation>
    </message>
    <message>
        <source>not sent yet</source>
        <translation>not sent yet</translation>
    </message>
    <message>
        <source>cleared</source>
        <translation>cleared</translation>
    </message>
    <message>
        <source>rule turned off</source>
        <translation>rule turned off</translation>
    </message>
    <message>
        <source>rule removed</source>
        <translation>rule removed</translation>
    </message>
    <message>
        <source>the whole inbox</source>
        <translation>the whole inbox</translation>
    </message>
    <message>
        <source>%1, error %2</source>
        <translation>%1, error %2</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>firing</source>
        <translation>firing</translation>
    </message>
    <message numerus="yes">
        <source>%n message(s) begun</source>
        <translation>
            <numerusform>%n message begun</numerusform>
            <numerusform>%n messages begun</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 sent, %2 failed, %3 unknown</source>
        <translation>%1 sent, %2 failed, %3 unknown</translation>
    </message>
    <message>
        <source>held back by the silence until %1</source>
        <translation>held back by the silence until %1</translation>
    </message>
    <message>
        <source>none sent: the rule was turned off</source>
        <translation>none sent: the rule was turned off</translation>
    </message>
    <message>
        <source>none sent: the rule was removed</source>
        <translation>none sent: the rule was removed</translation>
    </message>
    <message>
        <source>none sent: resolved before the first message</source>
        <translation>none sent: resolved before the first message</translation>
    </message>
    <message>
        <source>destination %1</source>
        <translation>destination %1</translation>
    </message>
    <message>
        <source>polled source %1</source>
        <translation>polled source %1</translation>
    </message>
</context>
<context>
    <name>inbox::AlertNoteDialog</name>
    <message>
        <source>Remove the alert rule &quot;%1&quot;</source>
        <translation>Remove the alert rule &quot;%1&quot;</translation>
    </message>
    <message>
        <source>Silence the alert rule &quot;%1&quot;</source>
        <translation>Silence the alert rule &quot;%1&quot;</translation>
    </message>
    <message>
        <source>The rule stops and its firing alerts close. Its history and journal entries stay.</source>
        <translation>The rule stops and its firing alerts close. Its history and journal entries stay.</translation>
    </message>
    <message>
        <source>Nothing of the rule is sent until then. Its alerts still open and close, so the console stays true.</source>
        <translation>Nothing of the rule is sent until then. Its alerts still open and close, so the console stays true.</translation>
    </message>
    <message>
        <source>Silence for</source>
        <translation>Silence for</translation>
    </message>
    <message>
        <source>1 hour</source>
        <translation>1 hour</translation>
    </message>
    <message>
        <source>4 hours</source>
        <translation>4 hours</translation>
    </message>
    <message>
        <source>1 day</source>
        <translation>1 day</translation>
    </message>
    <message>
        <source>3 days</source>
        <translation>3 days</translation>
    </message>
    <message>
        <source>1 week</source>
        <translation>1 week</translation>
    </message>
    <message>
        <source>30 days</source>
        <translation>30 days</translation>
    </message>
    <message>
        <source>Silence &amp;for:</source>
        <translation>Silence &amp;for:</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Note</translation>
    </message>
    <message>
        <source>why (optional)</source>
        <translation>why (optional)</translation>
    </message>
    <message>
        <source>why the rule is silenced</source>
        <translation>why the rule is silenced</translation>
    </message>
    <message>
        <source>&amp;Note:</source>
        <translation>&amp;Note:</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Remove</translation>
    </message>
    <message>
        <source>&amp;Silence</source>
        <translation>&amp;Silence</translation>
    </message>
    <message>
        <source>Only a manager (inbox_manager) may do this. The database said: %1</source>
        <translation>Only a manager (inbox_manager) may do this. The database said: %1</translation>
    </message>
</context>
<context>
    <name>inbox::AlertNotifier</name>
    <message>
        <source>Alert: %1</source>
        <translation>Alert: %1</translation>
    </message>
    <message>
        <source>%1, %2: %3</source>
        <translation>%1, %2: %3</translation>
    </message>
</context>
<context>
    <name>inbox::AlertRuleEditor</name>
    <message>
        <source>Send a &quot;&amp;resolved&quot; message when it clears</source>
        <translation>Send a &quot;&amp;resolved&quot; message when it clears</translation>
    </message>
    <message>
        <source>&amp;Enabled</source>
        <translation>&amp;Enabled</translation>
    </message>
    <message>
        <source>Alert rule &quot;%1&quot;</source>
        <translation>Alert rule &quot;%1&quot;</translation>
    </message>
    <message>
        <source>New alert rule</source>
        <translation>New alert rule</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Kind</translation>
    </message>
    <message>
        <source>A rule keeps its kind: for another kind, create a new rule</source>
        <translation>A rule keeps its kind: for another kind, create a new rule</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>Severity</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>Sources</translation>
    </message>
    <message>
        <source>all sources</source>
        <translation>all sources</translation>
    </message>
    <message>
        <source>Telegram chats</source>
        <translation>Telegram chats</translation>
    </message>
    <message>
        <source>chat ids or @channel names, separated by commas</source>
        <translation>chat ids or @channel names, separated by commas</translation>
    </message>
    <message>
        <source>Repeat interval</source>
        <translation>Repeat interval</translation>
    </message>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <source>How often a firing alert is sent again (default 240 min, 4 h)</source>
        <translation>How often a firing alert is sent again (default 240 min, 4 h)</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>&amp;Kind:</translation>
    </message>
    <message>
        <source>Se&amp;verity:</source>
        <translation>Se&amp;verity:</translation>
    </message>
    <message>
        <source>S&amp;ources:</source>
        <translation>S&amp;ources:</translation>
    </message>
    <message>
        <source>&amp;Chats:</source>
        <translation>&amp;Chats:</translation>
    </message>
    <message>
        <source>Re&amp;peat every:</source>
        <translation>Re&amp;peat every:</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>not set</translation>
    </message>
    <message>
        <source>whole number %1..%2</source>
        <translation>whole number %1..%2</translation>
    </message>
    <message>
        <source>number %1..%2</source>
        <translation>number %1..%2</translation>
    </message>
    <message>
        <source>%1; default %2</source>
        <translation>%1; default %2</translation>
    </message>
    <message>
        <source>%1 (default %2):</source>
        <translation>%1 (default %2):</translation>
    </message>
    <message>
        <source>the whole inbox (this kind has no sources)</source>
        <translation>the whole inbox (this kind has no sources)</translation>
    </message>
    <message>
        <source>Only a manager (inbox_manager) may change alert rules. The database said: %1</source>
        <translation>Only a manager (inbox_manager) may change alert rules. The database said: %1</translation>
    </message>
    <message>
        <source>The connection was lost; the rule may or may not be saved. Look at the list before saving again. (%1)</source>
        <translation>The connection was lost; the rule may or may not be saved. Look at the list before saving again. (%1)</translation>
    </message>
    <message>
        <source>Stuck longer than, minutes</source>
        <translation>Stuck longer than, minutes</translation>
    </message>
    <message>
        <source>New failures, at least</source>
        <translation>New failures, at least</translation>
    </message>
    <message>
        <source>Times the usual share</source>
        <translation>Times the usual share</translation>
    </message>
    <message>
        <source>Rise of the share, at least</source>
        <translation>Rise of the share, at least</translation>
    </message>
    <message>
        <source>Deliveries today, at least</source>
        <translation>Deliveries today, at least</translation>
    </message>
    <message>
        <source>Days of history to compare with</source>
        <translation>Days of history to compare with</translation>
    </message>
    <message>
        <source>Always above the share</source>
        <translation>Always above the share</translation>
    </message>
    <message>
        <source>Silent longer than its usual gap times</source>
        <translation>Silent longer than its usual gap times</translation>
    </message>
    <message>
        <source>Or silent longer than, minutes</source>
        <translation>Or silent longer than, minutes</translation>
    </message>
    <message>
        <source>Oldest open pair older than, hours</source>
        <translation>Oldest open pair older than, hours</translation>
    </message>
    <message>
        <source>%1:</source>
        <translation>%1:</translation>
    </message>
    <message>
        <source>Give one of the two gaps, not both.</source>
        <translation>Give one of the two gaps, not both.</translation>
    </message>
    <message>
        <source>Destination</source>
        <translation>Destination</translation>
    </message>
    <message>
        <source>Oldest waiting event older than, minutes</source>
        <translation>Oldest waiting event older than, minutes</translation>
    </message>
    <message>
        <source>Fire as soon as it is paused</source>
        <translation>Fire as soon as it is paused</translation>
    </message>
    <message>
        <source>Paused by a person, or by the handler&apos;s 410 Gone. Off: a pause fires only once the backlog is old enough</source>
        <translation>Paused by a person, or by the handler&apos;s 410 Gone. Off: a pause fires only once the backlog is old enough</translation>
    </message>
    <message>
        <source>its name, as on the Handlers tab</source>
        <translation>its name, as on the Handlers tab</translation>
    </message>
    <message>
        <source>%1..%2 characters</source>
        <translation>%1..%2 characters</translation>
    </message>
    <message>
        <source>Fires while the destination is paused, or while the oldest event of the sources below still waiting for delivery is older than that. Name the sources of its route.</source>
        <translation>Fires while the destination is paused, or while the oldest event of the sources below still waiting for delivery is older than that. Name the sources of its route.</translation>
    </message>
    <message>
        <source>all sources (the destination&apos;s route)</source>
        <translation>all sources (the destination&apos;s route)</translation>
    </message>
    <message>
        <source>No successful poll for longer than, minutes</source>
        <translation>No successful poll for longer than, minutes</translation>
    </message>
    <message>
        <source>Fire as soon as the source is stopped (credentials refused)</source>
        <translation>Fire as soon as the source is stopped (credentials refused)</translation>
    </message>
    <message>
        <source>The marketplace or CRM answered 401 or 403: polling stops until the poller is restarted. Off: a stopped source fires only once it is that long without a successful poll</source>
        <translation>The marketplace or CRM answered 401 or 403: polling stops until the poller is restarted. Off: a stopped source fires only once it is that long without a successful poll</translation>
    </message>
    <message>
        <source>Fires when a polled source has had no successful poll for that long, or is stopped. The sources below are names as in the poller&apos;s configuration; a name it has not polled yet is watched from its first poll.</source>
        <translation>Fires when a polled source has had no successful poll for that long, or is stopped. The sources below are names as in the poller&apos;s configuration; a name it has not polled yet is watched from its first poll.</translation>
    </message>
    <message>
        <source>every polled source</source>
        <translation>every polled source</translation>
    </message>
</context>
<context>
    <name>inbox::AlertRulesDialog</name>
    <message>
        <source>&amp;New rule...</source>
        <translation>&amp;New rule...</translation>
    </message>
    <message>
        <source>&amp;Edit...</source>
        <translation>&amp;Edit...</translation>
    </message>
    <message>
        <source>&amp;Remove...</source>
        <translation>&amp;Remove...</translation>
    </message>
    <message>
        <source>&amp;Silence...</source>
        <translation>&amp;Silence...</translation>
    </message>
    <message>
        <source>End si&amp;lence</source>
        <translation>End si&amp;lence</translation>
    </message>
    <message>
        <source>Notify &amp;me on this computer</source>
        <translation>Notify &amp;me on this computer</translation>
    </message>
    <message>
        <source>Alert rules</source>
        <translation>Alert rules</translation>
    </message>
    <message>
        <source>History of alerts</source>
        <translation>History of alerts</translation>
    </message>
    <message>
        <source>A desktop notice when this rule fires, while the console runs. Kept for you on this computer only.</source>
        <translation>A desktop notice when this rule fires, while the console runs. Kept for you on this computer only.</translation>
    </message>
    <message>
        <source>Only managers (inbox_manager) change alert rules; you can read them and subscribe to their desktop notices.</source>
        <translation>Only managers (inbox_manager) change alert rules; you can read them and subscribe to their desktop notices.</translation>
    </message>
    <message>
        <source>R&amp;ules</source>
        <translation>R&amp;ules</translation>
    </message>
    <message>
        <source>&amp;History</source>
        <translation>&amp;History</translation>
    </message>
    <message>
        <source>The rules could not be read: %1</source>
        <translation>The rules could not be read: %1</translation>
    </message>
    <message>
        <source>Rule %1 saved.</source>
        <translation>Rule %1 saved.</translation>
    </message>
</context>
<context>
    <name>inbox::AlertRulesModel</name>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Kind</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>Severity</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>Sources</translation>
    </message>
    <message>
        <source>The sources the rule watches; all when none named</source>
        <translation>The sources the rule watches; all when none named</translation>
    </message>
    <message>
        <source>Chats</source>
        <translation>Chats</translation>
    </message>
    <message>
        <source>The Telegram chats that hear the rule</source>
        <translation>The Telegram chats that hear the rule</translation>
    </message>
    <message>
        <source>Repeat</source>
        <translation>Repeat</translation>
    </message>
    <message>
        <source>How often a firing alert is sent again</source>
        <translation>How often a firing alert is sent again</translation>
    </message>
    <message>
        <source>Resolved message</source>
        <translation>Resolved message</translation>
    </message>
    <message>
        <source>Whether a message is sent when the alert clears</source>
        <translation>Whether a message is sent when the alert clears</translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation>Enabled</translation>
    </message>
    <message>
        <source>Silenced until</source>
        <translation>Silenced until</translation>
    </message>
    <message>
        <source>Changed by</source>
        <translation>Changed by</translation>
    </message>
    <message>
        <source>Who changed the rule last, and when</source>
        <translation>Who changed the rule last, and when</translation>
    </message>
    <message>
        <source>stuck events</source>
        <translation>stuck events</translation>
    </message>
    <message>
        <source>failed events</source>
        <translation>failed events</translation>
    </message>
    <message>
        <source>repeat share jump</source>
        <translation>repeat share jump</translation>
    </message>
    <message>
        <source>failure share jump</source>
        <translation>failure share jump</translation>
    </message>
    <message>
        <source>silent source</source>
        <translation>silent source</translation>
    </message>
    <message>
        <source>old duplicate pairs</source>
        <translation>old duplicate pairs</translation>
    </message>
    <message>
        <source>info</source>
        <translation>info</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>warning</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>critical</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1 d</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>all sources</source>
        <translation>all sources</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>yes</translation>
    </message>
    <message>
        <source>no</source>
        <translation>no</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>destination paused or behind</source>
        <translation>destination paused or behind</translation>
    </message>
    <message>
        <source>polling stalled or stopped</source>
        <translation>polling stalled or stopped</translation>
    </message>
</context>
<context>
    <name>inbox::AttentionModel</name>
    <message>
        <source>Failed: validation</source>
        <translation>Failed: validation</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Failed</translation>
    </message>
    <message>
        <source>Stuck</source>
        <translation>Stuck</translation>
    </message>
    <message>
        <source>Needs review</source>
        <translation>Needs review</translation>
    </message>
    <message>
        <source>(no error text)</source>
        <translation>(no error text)</translation>
    </message>
    <message numerus="yes">
        <source>%n workers</source>
        <translation>
            <numerusform>%n worker</numerusform>
            <numerusform>%n workers</numerusform>
        </translation>
    </message>
    <message>
        <source>Validation failure: the data was refused, a plain retry fails again unless the data was fixed</source>
        <translation>Validation failure: the data was refused, a plain retry fails again unless the data was fixed</translation>
    </message>
    <message>
        <source>Processing past the lock timeout; held by %1</source>
        <translation>Processing past the lock timeout; held by %1</translation>
    </message>
    <message>
        <source>Trouble</source>
        <translation>Trouble</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Error</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>Events</translation>
    </message>
    <message>
        <source>Newest</source>
        <translation>Newest</translation>
    </message>
    <message>
        <source>Worker</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source>Stuck for</source>
        <translation>Stuck for</translation>
    </message>
</context>
<context>
    <name>inbox::AttentionPage</name>
    <message>
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <source>Selected events...</source>
        <translation>Selected events...</translation>
    </message>
    <message>
        <source>All events of the selected group...</source>
        <translation>All events of the selected group...</translation>
    </message>
    <message>
        <source>All events matching the filter...</source>
        <translation>All events matching the filter...</translation>
    </message>
    <message>
        <source>Needs attention</source>
        <translation>Needs attention</translation>
    </message>
    <message>
        <source>External id, idempotency key or event id</source>
        <translation>External id, idempotency key or event id</translation>
    </message>
    <message>
        <source>Requeue...</source>
        <translation>Requeue...</translation>
    </message>
    <message numerus="yes">
        <source>%n group(s)</source>
        <translation>
            <numerusform>%n group</numerusform>
            <numerusform>%n groups</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n event(s)</source>
        <translation>
            <numerusform>%n event</numerusform>
            <numerusform>%n events</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not read the groups: %1</source>
        <translation>Could not read the groups: %1</translation>
    </message>
    <message>
        <source>Requeue failed or stuck events: they keep their id and idempotency key</source>
        <translation>Requeue failed or stuck events: they keep their id and idempotency key</translation>
    </message>
    <message>
        <source>Read-only: requeue needs the inbox_operator or inbox_manager role</source>
        <translation>Read-only: requeue needs the inbox_operator or inbox_manager role</translation>
    </message>
    <message numerus="yes">
        <source>Selected events (%n)...</source>
        <translation>
            <numerusform>Selected events (%n)...</numerusform>
            <numerusform>Selected events (%n)...</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n selected event(s)</source>
        <translation>
            <numerusform>%n selected event</numerusform>
            <numerusform>%n selected events</numerusform>
        </translation>
    </message>
    <message>
        <source>the group &quot;%1, %2: %3&quot;</source>
        <translation>the group &quot;%1, %2: %3&quot;</translation>
    </message>
    <message>
        <source>no error text</source>
        <translation>no error text</translation>
    </message>
    <message>
        <source>every failed, stuck or needs-review event matching the filter</source>
        <translation>every failed, stuck or needs-review event matching the filter</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Kind</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Search</translation>
    </message>
    <message>
        <source>Requeue</source>
        <translation>Requeue</translation>
    </message>
    <message>
        <source>Go to the search field</source>
        <translation>Go to the search field</translation>
    </message>
    <message>
        <source>Groups of failed, stuck and needs-review events</source>
        <translation>Groups of failed, stuck and needs-review events</translation>
    </message>
    <message>
        <source>Events of the selected group</source>
        <translation>Events of the selected group</translation>
    </message>
    <message>
        <source>Resolve review...</source>
        <translation>Resolve review...</translation>
    </message>
    <message>
        <source>Read-only: resolving a review needs the inbox_operator or inbox_manager role</source>
        <translation>Read-only: resolving a review needs the inbox_operator or inbox_manager role</translation>
    </message>
    <message>
        <source>Resolve the review of %1</source>
        <translation>Resolve the review of %1</translation>
    </message>
    <message>
        <source>Select events that need review, or a &quot;Needs review&quot; group</source>
        <translation>Select events that need review, or a &quot;Needs review&quot; group</translation>
    </message>
    <message numerus="yes">
        <source>the %n event(s) listed</source>
        <translation>
            <numerusform>the %n event listed</numerusform>
            <numerusform>the %n events listed</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>inbox::AuditEventsModel</name>
    <message>
        <source>pruned</source>
        <translation>pruned</translation>
    </message>
    <message>
        <source>lead %1</source>
        <translation>lead %1</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Event</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <source>External id</source>
        <translation>External id</translation>
    </message>
    <message>
        <source>Status now</source>
        <translation>Status now</translation>
    </message>
    <message>
        <source>Before / lead</source>
        <translation>Before / lead</translation>
    </message>
    <message>
        <source>Error before</source>
        <translation>Error before</translation>
    </message>
</context>
<context>
    <name>inbox::AuditModel</name>
    <message>
        <source>requeued</source>
        <translation>requeued</translation>
    </message>
    <message>
        <source>merged duplicates</source>
        <translation>merged duplicates</translation>
    </message>
    <message>
        <source>rejected duplicates</source>
        <translation>rejected duplicates</translation>
    </message>
    <message>
        <source>undid a decision</source>
        <translation>undid a decision</translation>
    </message>
    <message>
        <source>pruned</source>
        <translation>pruned</translation>
    </message>
    <message numerus="yes">
        <source>%1 requeued %n event(s): %2</source>
        <translation>
            <numerusform>%1 requeued %n event: %2</numerusform>
            <numerusform>%1 requeued %n events: %2</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 merged lead %2 into lead %3 (pair %4)</source>
        <translation>%1 merged lead %2 into lead %3 (pair %4)</translation>
    </message>
    <message>
        <source>%1 rejected pair %2: leads %3 and %4 are different requests</source>
        <translation>%1 rejected pair %2: leads %3 and %4 are different requests</translation>
    </message>
    <message>
        <source>%1 undid the decision on pair %2 (leads %3 and %4)</source>
        <translation>%1 undid the decision on pair %2 (leads %3 and %4)</translation>
    </message>
    <message numerus="yes">
        <source>%1 removed %n done event(s) past the retention horizon</source>
        <translation>
            <numerusform>%1 removed %n done event past the retention horizon</numerusform>
            <numerusform>%1 removed %n done events past the retention horizon</numerusform>
        </translation>
    </message>
    <message>
        <source>%1. Note: %2</source>
        <translation>%1. Note: %2</translation>
    </message>
    <message>
        <source>When</source>
        <translation>When</translation>
    </message>
    <message>
        <source>Person</source>
        <translation>Person</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Action</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>Events</translation>
    </message>
    <message>
        <source>What</source>
        <translation>What</translation>
    </message>
    <message>
        <source>resolved reviews</source>
        <translation>resolved reviews</translation>
    </message>
    <message>
        <source>the first body is the event</source>
        <translation>the first body is the event</translation>
    </message>
    <message>
        <source>the other bodies became events of their own</source>
        <translation>the other bodies became events of their own</translation>
    </message>
    <message>
        <source>handled by hand</source>
        <translation>handled by hand</translation>
    </message>
    <message numerus="yes">
        <source>%1 resolved the review of %n event(s): %2</source>
        <translation>
            <numerusform>%1 resolved the review of %n event: %2</numerusform>
            <numerusform>%1 resolved the review of %n events: %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n pair(s)</source>
        <translation>
            <numerusform>%n pair</numerusform>
            <numerusform>%n pairs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>One pair: %n event(s), one per lead</source>
        <translation>
            <numerusform>One pair: %n event, one per lead</numerusform>
            <numerusform>One pair: %n events, one per lead</numerusform>
        </translation>
    </message>
    <message>
        <source>created an alert rule</source>
        <translation>created an alert rule</translation>
    </message>
    <message>
        <source>changed an alert rule</source>
        <translation>changed an alert rule</translation>
    </message>
    <message>
        <source>removed an alert rule</source>
        <translation>removed an alert rule</translation>
    </message>
    <message>
        <source>silenced an alert rule</source>
        <translation>silenced an alert rule</translation>
    </message>
    <message>
        <source>ended a silence</source>
        <translation>ended a silence</translation>
    </message>
    <message>
        <source>%1 created the alert rule &quot;%2&quot;</source>
        <translation>%1 created the alert rule &quot;%2&quot;</translation>
    </message>
    <message>
        <source>%1 changed the alert rule &quot;%2&quot;</source>
        <translation>%1 changed the alert rule &quot;%2&quot;</translation>
    </message>
    <message>
        <source>%1 removed the alert rule &quot;%2&quot;</source>
        <translation>%1 removed the alert rule &quot;%2&quot;</translation>
    </message>
    <message>
        <source>%1 silenced the alert rule &quot;%2&quot; until %3</source>
        <translation>%1 silenced the alert rule &quot;%2&quot; until %3</translation>
    </message>
    <message>
        <source>%1 ended the silence of the alert rule &quot;%2&quot;</source>
        <translation>%1 ended the silence of the alert rule &quot;%2&quot;</translation>
    </message>
</context>
<context>
    <name>inbox::AuditPage</name>
    <message>
        <source>Action</source>
        <translation>Action</translation>
    </message>
    <message>
        <source>Open in journal</source>
        <translation>Open in journal</translation>
    </message>
    <message>
        <source>Who acted (the database user)</source>
        <translation>Who acted (the database user)</translation>
    </message>
    <message>
        <source>Everyone</source>
        <translation>Everyone</translation>
    </message>
    <message>
        <source>When the action was taken</source>
        <translation>When the action was taken</translation>
    </message>
    <message>
        <source>Between...</source>
        <translation>Between...</translation>
    </message>
    <message>
        <source>Taken from (inclusive)</source>
        <translation>Taken from (inclusive)</translation>
    </message>
    <message>
        <source>Taken before</source>
        <translation>Taken before</translation>
    </message>
    <message>
        <source>Select an action to see its events.</source>
        <translation>Select an action to see its events.</translation>
    </message>
    <message>
        <source>Click an event to open it in the journal</source>
        <translation>Click an event to open it in the journal</translation>
    </message>
    <message>
        <source>Loading...</source>
        <translation>Loading...</translation>
    </message>
    <message>
        <source>Could not read the audit: %1</source>
        <translation>Could not read the audit: %1</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>&amp;Person:</source>
        <translation>&amp;Person:</translation>
    </message>
    <message>
        <source>Actions by people, newest first</source>
        <translation>Actions by people, newest first</translation>
    </message>
    <message>
        <source>Events of the selected action</source>
        <translation>Events of the selected action</translation>
    </message>
    <message>
        <source>Copy link</source>
        <translation>Copy link</translation>
    </message>
    <message>
        <source>The audit entry of the link is not here any more (pruned), or this user may not see it.</source>
        <translation>The audit entry of the link is not here any more (pruned), or this user may not see it.</translation>
    </message>
</context>
<context>
    <name>inbox::BaselineImporter</name>
    <message>
        <source>An import is already running.</source>
        <translation>An import is already running.</translation>
    </message>
    <message>
        <source>%1 cannot be opened: %2</source>
        <translation>%1 cannot be opened: %2</translation>
    </message>
    <message>
        <source>Reading %1...</source>
        <translation>Reading %1...</translation>
    </message>
    <message>
        <source>No row could be read, nothing was stored.</source>
        <translation>No row could be read, nothing was stored.</translation>
    </message>
    <message numerus="yes">
        <source>Storing %Ln row(s) and counting their duplicates...</source>
        <translation>
            <numerusform>Storing %Ln row and counting their duplicates...</numerusform>
            <numerusform>Storing %Ln rows and counting their duplicates...</numerusform>
        </translation>
    </message>
    <message>
        <source>Not stored.</source>
        <translation>Not stored.</translation>
    </message>
</context>
<context>
    <name>inbox::BaselinesModel</name>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>File</source>
        <translation>File</translation>
    </message>
    <message>
        <source>Period</source>
        <translation>Period</translation>
    </message>
    <message>
        <source>The first and last row&apos;s day</source>
        <translation>The first and last row&apos;s day</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Rows</translation>
    </message>
    <message>
        <source>Unreadable lines</source>
        <translation>Unreadable lines</translation>
    </message>
    <message>
        <source>Imported by</source>
        <translation>Imported by</translation>
    </message>
    <message>
        <source>Imported at</source>
        <translation>Imported at</translation>
    </message>
    <message>
        <source>%1 (%2 – %3, %4 rows)</source>
        <translation>%1 (%2 – %3, %4 rows)</translation>
    </message>
</context>
<context>
    <name>inbox::ComparisonModel</name>
    <message>
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <source>Rows before</source>
        <translation>Rows before</translation>
    </message>
    <message>
        <source>Rows of the imported export</source>
        <translation>Rows of the imported export</translation>
    </message>
    <message>
        <source>Duplicates before</source>
        <translation>Duplicates before</translation>
    </message>
    <message>
        <source>Rows beyond the first of a group: the same external id, or the same phone or e-mail within the window</source>
        <translation>Rows beyond the first of a group: the same external id, or the same phone or e-mail within the window</translation>
    </message>
    <message>
        <source>Share before</source>
        <translation>Share before</translation>
    </message>
    <message>
        <source>Duplicates before as a share of the rows</source>
        <translation>Duplicates before as a share of the rows</translation>
    </message>
    <message>
        <source>Deliveries after</source>
        <translation>Deliveries after</translation>
    </message>
    <message>
        <source>Everything the senders delivered to the inbox in the period</source>
        <translation>Everything the senders delivered to the inbox in the period</translation>
    </message>
    <message>
        <source>Repeats absorbed</source>
        <translation>Repeats absorbed</translation>
    </message>
    <message>
        <source>Deliveries of a key the inbox already had: the duplicates that no longer reach anyone</source>
        <translation>Deliveries of a key the inbox already had: the duplicates that no longer reach anyone</translation>
    </message>
    <message>
        <source>Possible duplicates</source>
        <translation>Possible duplicates</translation>
    </message>
    <message>
        <source>Similar leads the inbox flagged for a manager in the period</source>
        <translation>Similar leads the inbox flagged for a manager in the period</translation>
    </message>
    <message>
        <source>Merged</source>
        <translation>Merged</translation>
    </message>
    <message>
        <source>Rejected</source>
        <translation>Rejected</translation>
    </message>
    <message>
        <source>Flagged pairs a manager said were different</source>
        <translation>Flagged pairs a manager said were different</translation>
    </message>
    <message>
        <source>Refused</source>
        <translation>Refused</translation>
    </message>
    <message>
        <source>Deliveries the receivers refused at the door</source>
        <translation>Deliveries the receivers refused at the door</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Failed</translation>
    </message>
    <message>
        <source>Events of the period that failed</source>
        <translation>Events of the period that failed</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
</context>
<context>
    <name>inbox::ConnectionPage</name>
    <message>
        <source>&amp;Connect</source>
        <translation>&amp;Connect</translation>
    </message>
    <message>
        <source>host=db.example.com dbname=inbox user=alice sslmode=verify-full, or service=inbox</source>
        <translation>host=db.example.com dbname=inbox user=alice sslmode=verify-full, or service=inbox</translation>
    </message>
    <message>
        <source>Connection string</source>
        <translation>Connection string</translation>
    </message>
    <message>
        <source>only if .pgpass or the service file has none</source>
        <translation>only if .pgpass or the service file has none</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>Password</translation>
    </message>
    <message>
        <source>Connection &amp;string:</source>
        <translation>Connection &amp;string:</translation>
    </message>
    <message>
        <source>&amp;Password:</source>
        <translation>&amp;Password:</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>Connection</translation>
    </message>
    <message>
        <source>Server:</source>
        <translation>Server:</translation>
    </message>
    <message>
        <source>Database:</source>
        <translation>Database:</translation>
    </message>
    <message>
        <source>User:</source>
        <translation>User:</translation>
    </message>
    <message>
        <source>Inbox roles:</source>
        <translation>Inbox roles:</translation>
    </message>
    <message>
        <source>Schema version:</source>
        <translation>Schema version:</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>not connected</translation>
    </message>
    <message>
        <source>%1 (superuser)</source>
        <translation>%1 (superuser)</translation>
    </message>
    <message>
        <source>none: this user can see nothing in the inbox</source>
        <translation>none: this user can see nothing in the inbox</translation>
    </message>
    <message>
        <source>%1, newer than this program (%2): use a newer Inbox Console</source>
        <translation>%1, newer than this program (%2): use a newer Inbox Console</translation>
    </message>
    <message>
        <source>no inbox schema in this database</source>
        <translation>no inbox schema in this database</translation>
    </message>
    <message>
        <source> (ask the schema owner to run: inbox-console migrate)</source>
        <translation> (ask the schema owner to run: inbox-console migrate)</translation>
    </message>
    <message>
        <source>%1 (current)</source>
        <translation>%1 (current)</translation>
    </message>
    <message numerus="yes">
        <source>&amp;Apply %n migration(s)</source>
        <translation>
            <numerusform>&amp;Apply %n migration</numerusform>
            <numerusform>&amp;Apply %n migrations</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, %n pending migration(s) to version %2</source>
        <translation>
            <numerusform>%1, %n pending migration to version %2</numerusform>
            <numerusform>%1, %n pending migrations to version %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Sa&amp;ve profile</source>
        <translation>Sa&amp;ve profile</translation>
    </message>
    <message>
        <source>&amp;Delete profile</source>
        <translation>&amp;Delete profile</translation>
    </message>
    <message>
        <source>Cance&amp;l</source>
        <translation>Cance&amp;l</translation>
    </message>
    <message>
        <source>a name, to save this connection</source>
        <translation>a name, to save this connection</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>Profile</translation>
    </message>
    <message>
        <source>Kept in memory only, never saved</source>
        <translation>Kept in memory only, never saved</translation>
    </message>
    <message>
        <source>P&amp;rofile:</source>
        <translation>P&amp;rofile:</translation>
    </message>
    <message>
        <source>Address:</source>
        <translation>Address:</translation>
    </message>
    <message>
        <source>Encryption:</source>
        <translation>Encryption:</translation>
    </message>
    <message>
        <source>Type a name for the profile in the Profile box, then save.</source>
        <translation>Type a name for the profile in the Profile box, then save.</translation>
    </message>
    <message>
        <source>The profile was not saved: %1</source>
        <translation>The profile was not saved: %1</translation>
    </message>
    <message>
        <source>Profile &quot;%1&quot; saved WITHOUT the password: passwords are never written to settings. Keep it in ~/.pgpass (or the service file), or type it each time; for now it is kept in memory only.</source>
        <translation>Profile &quot;%1&quot; saved WITHOUT the password: passwords are never written to settings. Keep it in ~/.pgpass (or the service file), or type it each time; for now it is kept in memory only.</translation>
    </message>
    <message>
        <source>Profile &quot;%1&quot; saved.</source>
        <translation>Profile &quot;%1&quot; saved.</translation>
    </message>
    <message>
        <source>There is no saved profile &quot;%1&quot;.</source>
        <translation>There is no saved profile &quot;%1&quot;.</translation>
    </message>
    <message>
        <source>Profile &quot;%1&quot; deleted.</source>
        <translation>Profile &quot;%1&quot; deleted.</translation>
    </message>
    <message>
        <source>this user</source>
        <translation>this user</translation>
    </message>
    <message>
        <source>The server asks for a password for %1, and there is none in ~/.pgpass or the service file. Type it in the Password box and press Connect; it is kept in memory only.</source>
        <translation>The server asks for a password for %1, and there is none in ~/.pgpass or the service file. Type it in the Password box and press Connect; it is kept in memory only.</translation>
    </message>
    <message>
        <source>The server refused the password for %1 that libpq found in ~/.pgpass or the service file. Type the right one in the Password box and press Connect, and correct the file.</source>
        <translation>The server refused the password for %1 that libpq found in ~/.pgpass or the service file. Type the right one in the Password box and press Connect, and correct the file.</translation>
    </message>
    <message>
        <source>The server refused the password for %1. Type it again and press Connect.</source>
        <translation>The server refused the password for %1. Type it again and press Connect.</translation>
    </message>
    <message>
        <source>No database server answered. Check the host and port (or the socket directory) in the connection string, that the server is running, and the network or VPN; then press Connect to try again.</source>
        <translation>No database server answered. Check the host and port (or the socket directory) in the connection string, that the server is running, and the network or VPN; then press Connect to try again.</translation>
    </message>
    <message>
        <source>The server does not let %1 in: the role may not exist or may not log in, or pg_hba.conf has no entry for this connection (check sslmode too). Ask the database administrator.</source>
        <translation>The server does not let %1 in: the role may not exist or may not log in, or pg_hba.conf has no entry for this connection (check sslmode too). Ask the database administrator.</translation>
    </message>
    <message>
        <source>There is no database &quot;%1&quot; on this server. Check dbname in the connection string, or ask the administrator to create it.</source>
        <translation>There is no database &quot;%1&quot; on this server. Check dbname in the connection string, or ask the administrator to create it.</translation>
    </message>
    <message>
        <source>The server is starting up, shutting down, or has no free connections. Try again in a moment.</source>
        <translation>The server is starting up, shutting down, or has no free connections. Try again in a moment.</translation>
    </message>
    <message>
        <source>The connection attempt was cancelled.</source>
        <translation>The connection attempt was cancelled.</translation>
    </message>
    <message>
        <source>The connection string is not valid: use key=value pairs (host=... dbname=... user=...), a postgresql:// URI, or service=NAME.</source>
        <translation>The connection string is not valid: use key=value pairs (host=... dbname=... user=...), a postgresql:// URI, or service=NAME.</translation>
    </message>
    <message>
        <source>Could not connect.</source>
        <translation>Could not connect.</translation>
    </message>
    <message>
        <source>Details: %1</source>
        <translation>Details: %1</translation>
    </message>
    <message>
        <source>local socket in %1 (port %2)</source>
        <translation>local socket in %1 (port %2)</translation>
    </message>
    <message>
        <source>none needed: local Unix socket (sslmode=%1 applies to network connections)</source>
        <translation>none needed: local Unix socket (sslmode=%1 applies to network connections)</translation>
    </message>
    <message>
        <source>encrypted, %1 (sslmode=%2)</source>
        <translation>encrypted, %1 (sslmode=%2)</translation>
    </message>
    <message>
        <source>NOT encrypted (sslmode=%1): use sslmode=verify-full over untrusted networks</source>
        <translation>NOT encrypted (sslmode=%1): use sslmode=verify-full over untrusted networks</translation>
    </message>
    <message>
        <source>This database was upgraded by a newer Inbox Console (schema version %1; this program knows up to %2). The other screens stay closed so that they do not misread it: install the newer Inbox Console, or connect to another database.</source>
        <translation>This database was upgraded by a newer Inbox Console (schema version %1; this program knows up to %2). The other screens stay closed so that they do not misread it: install the newer Inbox Console, or connect to another database.</translation>
    </message>
    <message numerus="yes">
        <source>Create the inbox schema (&amp;apply %n migration(s))</source>
        <translation>
            <numerusform>Create the inbox schema (&amp;apply %n migration)</numerusform>
            <numerusform>Create the inbox schema (&amp;apply %n migrations)</numerusform>
        </translation>
    </message>
    <message>
        <source>This database has no inbox schema yet. You may create it: press the button below. Receivers and workers then use the same schema.</source>
        <translation>This database has no inbox schema yet. You may create it: press the button below. Receivers and workers then use the same schema.</translation>
    </message>
    <message>
        <source>The schema is older than this program. Apply the pending migrations (below) before using the other screens; other programs keep working while they run.</source>
        <translation>The schema is older than this program. Apply the pending migrations (below) before using the other screens; other programs keep working while they run.</translation>
    </message>
    <message>
        <source>the database owner</source>
        <translation>the database owner</translation>
    </message>
    <message>
        <source>%1 may not change the schema. Ask %2 (who owns %3) to run:
%4</source>
        <translation>%1 may not change the schema. Ask %2 (who owns %3) to run:
%4</translation>
    </message>
    <message>
        <source>this database</source>
        <translation>this database</translation>
    </message>
    <message>
        <source>the inbox schema</source>
        <translation>the inbox schema</translation>
    </message>
    <message>
        <source>&amp;Apply migrations</source>
        <translation>&amp;Apply migrations</translation>
    </message>
    <message>
        <source>The server&apos;s certificate was not accepted (sslmode=verify-ca or verify-full): it is not signed by the CA in sslrootcert (or that file is missing), or it does not name the host you connect to. Check the host name and the root certificate with the database administrator; do not turn verification off.</source>
        <translation>The server&apos;s certificate was not accepted (sslmode=verify-ca or verify-full): it is not signed by the CA in sslrootcert (or that file is missing), or it does not name the host you connect to. Check the host name and the root certificate with the database administrator; do not turn verification off.</translation>
    </message>
    <message>
        <source>The current connection was kept: still connected as %1 to &quot;%2&quot;, and the other screens keep working on it.</source>
        <translation>The current connection was kept: still connected as %1 to &quot;%2&quot;, and the other screens keep working on it.</translation>
    </message>
    <message>
        <source>optional: a hot standby for the screens to read from, e.g. host=db2 port=5432</source>
        <translation>optional: a hot standby for the screens to read from, e.g. host=db2 port=5432</translation>
    </message>
    <message>
        <source>Read from</source>
        <translation>Read from</translation>
    </message>
    <message>
        <source>The screens read from this standby; every action still goes to the connection string above. Keys left out (dbname, user...) are taken from it. If the standby does not answer, reads go to the primary, unless target_session_attrs is given here.</source>
        <translation>The screens read from this standby; every action still goes to the connection string above. Keys left out (dbname, user...) are taken from it. If the standby does not answer, reads go to the primary, unless target_session_attrs is given here.</translation>
    </message>
    <message>
        <source>Read fro&amp;m:</source>
        <translation>Read fro&amp;m:</translation>
    </message>
    <message>
        <source>The Read from string cannot be used: %1. Correct it, or clear it to read from the connection string&apos;s server.</source>
        <translation>The Read from string cannot be used: %1. Correct it, or clear it to read from the connection string&apos;s server.</translation>
    </message>
</context>
<context>
    <name>inbox::CsvExportFlow</name>
    <message>
        <source>Open folder</source>
        <translation>Open folder</translation>
    </message>
    <message>
        <source>Open the folder of the exported file</source>
        <translation>Open the folder of the exported file</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Close</translation>
    </message>
    <message>
        <source>Close the export notice</source>
        <translation>Close the export notice</translation>
    </message>
    <message>
        <source>Export journal to CSV</source>
        <translation>Export journal to CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV files (*.csv)</translation>
    </message>
    <message numerus="yes">
        <source>Exported %Ln event(s) to %1</source>
        <translation>
            <numerusform>Exported %Ln event to %1</numerusform>
            <numerusform>Exported %Ln events to %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Export to %1 failed: %2. No file was written.</source>
        <translation>Export to %1 failed: %2. No file was written.</translation>
    </message>
</context>
<context>
    <name>inbox::CsvReader</name>
    <message>
        <source>The file is in UTF-16: save it as CSV in UTF-8 or Windows-1251 and import it again.</source>
        <translation>The file is in UTF-16: save it as CSV in UTF-8 or Windows-1251 and import it again.</translation>
    </message>
    <message>
        <source>This build of Qt cannot read Windows-1251 (it has no ICU).</source>
        <translation>This build of Qt cannot read Windows-1251 (it has no ICU).</translation>
    </message>
    <message>
        <source>The file has no header line.</source>
        <translation>The file has no header line.</translation>
    </message>
    <message>
        <source>The header line cannot be read: %1</source>
        <translation>The header line cannot be read: %1</translation>
    </message>
</context>
<context>
    <name>inbox::DailyFiguresModel</name>
    <message>
        <source>Today (%1)</source>
        <translation>Today (%1)</translation>
    </message>
    <message>
        <source>%1 repeats out of %2 deliveries</source>
        <translation>%1 repeats out of %2 deliveries</translation>
    </message>
    <message>
        <source>%1 failed out of %2 finished (done or failed)</source>
        <translation>%1 failed out of %2 finished (done or failed)</translation>
    </message>
    <message>
        <source>New events: first deliveries of a key</source>
        <translation>New events: first deliveries of a key</translation>
    </message>
    <message>
        <source>Repeat deliveries of a known key (the sender sent it again)</source>
        <translation>Repeat deliveries of a known key (the sender sent it again)</translation>
    </message>
    <message>
        <source>Repeats out of all deliveries; normally a few percent</source>
        <translation>Repeats out of all deliveries; normally a few percent</translation>
    </message>
    <message>
        <source>Repeats of a known key with a different body: marked for review</source>
        <translation>Repeats of a known key with a different body: marked for review</translation>
    </message>
    <message>
        <source>Events that failed for good and wait for a person</source>
        <translation>Events that failed for good and wait for a person</translation>
    </message>
    <message>
        <source>Failed out of the events finished that day (done or failed)</source>
        <translation>Failed out of the events finished that day (done or failed)</translation>
    </message>
    <message>
        <source>Events a person put back in the queue</source>
        <translation>Events a person put back in the queue</translation>
    </message>
    <message>
        <source>Day (UTC)</source>
        <translation>Day (UTC)</translation>
    </message>
    <message>
        <source>Received</source>
        <translation>Received</translation>
    </message>
    <message>
        <source>Repeats</source>
        <translation>Repeats</translation>
    </message>
    <message>
        <source>Repeat share</source>
        <translation>Repeat share</translation>
    </message>
    <message>
        <source>Conflicts</source>
        <translation>Conflicts</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Done</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Failed</translation>
    </message>
    <message>
        <source>Failure share</source>
        <translation>Failure share</translation>
    </message>
    <message>
        <source>Requeued</source>
        <translation>Requeued</translation>
    </message>
</context>
<context>
    <name>inbox::DayChart</name>
    <message>
        <source>New</source>
        <translation>New</translation>
    </message>
    <message>
        <source>Repeats</source>
        <translation>Repeats</translation>
    </message>
    <message>
        <source>Conflicts</source>
        <translation>Conflicts</translation>
    </message>
    <message>
        <source>Repeat share, %</source>
        <translation>Repeat share, %</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Done</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Failed</translation>
    </message>
    <message>
        <source>Failure share, %</source>
        <translation>Failure share, %</translation>
    </message>
    <message>
        <source>Deliveries per day (UTC), today on the right</source>
        <translation>Deliveries per day (UTC), today on the right</translation>
    </message>
    <message>
        <source>Outcomes per day (UTC), today on the right</source>
        <translation>Outcomes per day (UTC), today on the right</translation>
    </message>
    <message>
        <source>%1 (UTC)
%2: %3
Click to list that day&apos;s events in the journal.</source>
        <translation>%1 (UTC)
%2: %3
Click to list that day&apos;s events in the journal.</translation>
    </message>
</context>
<context>
    <name>inbox::DbError</name>
    <message numerus="yes">
        <source>The database did not answer within %n s, probably because another session holds a lock on the data or the server is busy. Press F5 to try again.</source>
        <translation>
            <numerusform>The database did not answer within %n s, probably because another session holds a lock on the data or the server is busy. Press F5 to try again.</numerusform>
            <numerusform>The database did not answer within %n s, probably because another session holds a lock on the data or the server is busy. Press F5 to try again.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>inbox::DestinationPauseDialog</name>
    <message>
        <source>Pause the handler &quot;%1&quot;</source>
        <translation>Pause the handler &quot;%1&quot;</translation>
    </message>
    <message>
        <source>Resume the handler &quot;%1&quot;</source>
        <translation>Resume the handler &quot;%1&quot;</translation>
    </message>
    <message>
        <source>inbox-dispatcher stops sending events to this handler. They wait as they are: nothing fails and nothing is dropped, and they go out once someone resumes it.</source>
        <translation>inbox-dispatcher stops sending events to this handler. They wait as they are: nothing fails and nothing is dropped, and they go out once someone resumes it.</translation>
    </message>
    <message>
        <source>inbox-dispatcher sends to this handler again, the waiting events first, each with its own Idempotency-Key as before.</source>
        <translation>inbox-dispatcher sends to this handler again, the waiting events first, each with its own Idempotency-Key as before.</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Reason</translation>
    </message>
    <message>
        <source>why, for whoever resumes it</source>
        <translation>why, for whoever resumes it</translation>
    </message>
    <message>
        <source>why it can take events again</source>
        <translation>why it can take events again</translation>
    </message>
    <message>
        <source>&amp;Reason:</source>
        <translation>&amp;Reason:</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Pause</translation>
    </message>
    <message>
        <source>R&amp;esume</source>
        <translation>R&amp;esume</translation>
    </message>
    <message>
        <source>Only an operator (inbox_operator) may do this. The database said: %1</source>
        <translation>Only an operator (inbox_operator) may do this. The database said: %1</translation>
    </message>
</context>
<context>
    <name>inbox::DestinationsModel</name>
    <message>
        <source>Handler</source>
        <translation>Handler</translation>
    </message>
    <message>
        <source>A destination of inbox-dispatcher: the team&apos;s handler it delivers to</source>
        <translation>A destination of inbox-dispatcher: the team&apos;s handler it delivers to</translation>
    </message>
    <message>
        <source>State</source>
        <translation>State</translation>
    </message>
    <message>
        <source>Its circuit breaker as the dispatcher last reported it, or who paused it and why</source>
        <translation>Its circuit breaker as the dispatcher last reported it, or who paused it and why</translation>
    </message>
    <message>
        <source>Delivered</source>
        <translation>Delivered</translation>
    </message>
    <message>
        <source>Of its latest 1,000 requests: answered 2xx, the event done</source>
        <translation>Of its latest 1,000 requests: answered 2xx, the event done</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Failed</translation>
    </message>
    <message>
        <source>Of its latest 1,000 requests: an error answer or none (retried later, or refused for good)</source>
        <translation>Of its latest 1,000 requests: an error answer or none (retried later, or refused for good)</translation>
    </message>
    <message>
        <source>Median</source>
        <translation>Median</translation>
    </message>
    <message>
        <source>Median time of its latest 1,000 requests</source>
        <translation>Median time of its latest 1,000 requests</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>99th percentile time of its latest 1,000 requests</source>
        <translation>99th percentile time of its latest 1,000 requests</translation>
    </message>
    <message>
        <source>Last error</source>
        <translation>Last error</translation>
    </message>
    <message>
        <source>disabled by the handler (410 Gone): %1</source>
        <translation>disabled by the handler (410 Gone): %1</translation>
    </message>
    <message>
        <source>paused by %1: %2</source>
        <translation>paused by %1: %2</translation>
    </message>
    <message>
        <source>delivering</source>
        <translation>delivering</translation>
    </message>
    <message>
        <source>breaker open: events wait, one probe now and then</source>
        <translation>breaker open: events wait, one probe now and then</translation>
    </message>
    <message>
        <source>probing whether the handler is back</source>
        <translation>probing whether the handler is back</translation>
    </message>
    <message>
        <source>waiting as the handler asked (Retry-After)</source>
        <translation>waiting as the handler asked (Retry-After)</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 requests since %2</source>
        <translation>%1 requests since %2</translation>
    </message>
</context>
<context>
    <name>inbox::DestinationsPanel</name>
    <message>
        <source>&amp;Pause...</source>
        <translation>&amp;Pause...</translation>
    </message>
    <message>
        <source>R&amp;esume...</source>
        <translation>R&amp;esume...</translation>
    </message>
    <message>
        <source>Handlers inbox-dispatcher delivers to</source>
        <translation>Handlers inbox-dispatcher delivers to</translation>
    </message>
    <message>
        <source>Handlers</source>
        <translation>Handlers</translation>
    </message>
    <message>
        <source>Read-only: pausing and resuming a handler needs the inbox_operator role</source>
        <translation>Read-only: pausing and resuming a handler needs the inbox_operator role</translation>
    </message>
    <message>
        <source>Stop sending to the selected handler; its events wait</source>
        <translation>Stop sending to the selected handler; its events wait</translation>
    </message>
    <message>
        <source>Send to the selected handler again</source>
        <translation>Send to the selected handler again</translation>
    </message>
    <message numerus="yes">
        <source>Handlers (%n paused)</source>
        <translation>
            <numerusform>Handlers (%n paused)</numerusform>
            <numerusform>Handlers (%n paused)</numerusform>
        </translation>
    </message>
    <message>
        <source>No inbox-dispatcher has reported a handler yet.</source>
        <translation>No inbox-dispatcher has reported a handler yet.</translation>
    </message>
    <message>
        <source>Where inbox-dispatcher hands the events on. Figures are of each handler&apos;s latest %L1 requests; paused, its events wait as they are.</source>
        <translation>Where inbox-dispatcher hands the events on. Figures are of each handler&apos;s latest %L1 requests; paused, its events wait as they are.</translation>
    </message>
    <message>
        <source>This database user may not read the handlers: it needs the inbox_support role (or one that includes it).</source>
        <translation>This database user may not read the handlers: it needs the inbox_support role (or one that includes it).</translation>
    </message>
    <message>
        <source>Could not read the handlers: %1</source>
        <translation>Could not read the handlers: %1</translation>
    </message>
</context>
<context>
    <name>inbox::DuplicateGroupsModel</name>
    <message>
        <source>By</source>
        <translation>By</translation>
    </message>
    <message>
        <source>What the rows share</source>
        <translation>What the rows share</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Value</translation>
    </message>
    <message>
        <source>The external id, or the phone or e-mail as normalized</source>
        <translation>The external id, or the phone or e-mail as normalized</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Rows</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>Sources</translation>
    </message>
    <message>
        <source>First</source>
        <translation>First</translation>
    </message>
    <message>
        <source>Last</source>
        <translation>Last</translation>
    </message>
    <message>
        <source>external id</source>
        <translation>external id</translation>
    </message>
    <message>
        <source>phone</source>
        <translation>phone</translation>
    </message>
    <message>
        <source>e-mail</source>
        <translation>e-mail</translation>
    </message>
</context>
<context>
    <name>inbox::DuplicateQueueModel</name>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>(no name)</source>
        <translation>(no name)</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>%1 (skipped)</source>
        <translation>%1 (skipped)</translation>
    </message>
    <message>
        <source>weak</source>
        <translation>weak</translation>
    </message>
    <message>
        <source>Flagged %1</source>
        <translation>Flagged %1</translation>
    </message>
    <message>
        <source>Weak evidence: every matching contact is shared by many names</source>
        <translation>Weak evidence: every matching contact is shared by many names</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>Waiting</translation>
    </message>
    <message>
        <source>Channels</source>
        <translation>Channels</translation>
    </message>
    <message>
        <source>Names</source>
        <translation>Names</translation>
    </message>
    <message>
        <source>Matched contact</source>
        <translation>Matched contact</translation>
    </message>
    <message>
        <source>Reasons</source>
        <translation>Reasons</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Score</translation>
    </message>
</context>
<context>
    <name>inbox::DuplicatesPage</name>
    <message>
        <source>Loading…</source>
        <translation>Loading…</translation>
    </message>
    <message>
        <source>Merge [M]</source>
        <translation>Merge [M]</translation>
    </message>
    <message>
        <source>Keep separate [R]</source>
        <translation>Keep separate [R]</translation>
    </message>
    <message>
        <source>Skip [S]</source>
        <translation>Skip [S]</translation>
    </message>
    <message>
        <source>Undo my last [U]</source>
        <translation>Undo my last [U]</translation>
    </message>
    <message>
        <source>Search by phone, e-mail or external id  ( / )</source>
        <translation>Search by phone, e-mail or external id  ( / )</translation>
    </message>
    <message>
        <source>Search pairs</source>
        <translation>Search pairs</translation>
    </message>
    <message>
        <source>All channels</source>
        <translation>All channels</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Channel</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Reason</translation>
    </message>
    <message>
        <source>Any reason</source>
        <translation>Any reason</translation>
    </message>
    <message>
        <source>Same phone</source>
        <translation>Same phone</translation>
    </message>
    <message>
        <source>Same e-mail</source>
        <translation>Same e-mail</translation>
    </message>
    <message>
        <source>Open deal</source>
        <translation>Open deal</translation>
    </message>
    <message>
        <source>Names differ</source>
        <translation>Names differ</translation>
    </message>
    <message>
        <source>Weak evidence only</source>
        <translation>Weak evidence only</translation>
    </message>
    <message>
        <source>Strong evidence only</source>
        <translation>Strong evidence only</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>Age</translation>
    </message>
    <message>
        <source>Any age</source>
        <translation>Any age</translation>
    </message>
    <message>
        <source>Flagged in the last hour</source>
        <translation>Flagged in the last hour</translation>
    </message>
    <message>
        <source>Flagged in the last 24 hours</source>
        <translation>Flagged in the last 24 hours</translation>
    </message>
    <message>
        <source>Waiting over 24 hours</source>
        <translation>Waiting over 24 hours</translation>
    </message>
    <message>
        <source>Waiting over 7 days</source>
        <translation>Waiting over 7 days</translation>
    </message>
    <message>
        <source>Open pairs, oldest first</source>
        <translation>Open pairs, oldest first</translation>
    </message>
    <message>
        <source>Note (optional), saved with the decision</source>
        <translation>Note (optional), saved with the decision</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Note</translation>
    </message>
    <message>
        <source>Same request: link lead B to lead A (M)</source>
        <translation>Same request: link lead B to lead A (M)</translation>
    </message>
    <message>
        <source>Different requests: keep them apart for good (R)</source>
        <translation>Different requests: keep them apart for good (R)</translation>
    </message>
    <message>
        <source>Decide later: go to the next pair (S)</source>
        <translation>Decide later: go to the next pair (S)</translation>
    </message>
    <message>
        <source>Undo my last decision in this session (U)</source>
        <translation>Undo my last decision in this session (U)</translation>
    </message>
    <message>
        <source>Could not read the queue: %1</source>
        <translation>Could not read the queue: %1</translation>
    </message>
    <message>
        <source>Could not read the pair: %1</source>
        <translation>Could not read the pair: %1</translation>
    </message>
    <message>
        <source>Not connected.</source>
        <translation>Not connected.</translation>
    </message>
    <message>
        <source>Open: —   Decided today: —</source>
        <translation>Open: —   Decided today: —</translation>
    </message>
    <message>
        <source>Open: %1   Decided today: %2 by you, %3 by everyone</source>
        <translation>Open: %1   Decided today: %2 by you, %3 by everyone</translation>
    </message>
    <message>
        <source>Read-only: deciding on duplicates needs the inbox_manager role, which %1 does not have.</source>
        <translation>Read-only: deciding on duplicates needs the inbox_manager role, which %1 does not have.</translation>
    </message>
    <message>
        <source>this user</source>
        <translation>this user</translation>
    </message>
    <message>
        <source>Lead B is already linked to lead #%1: undo that first</source>
        <translation>Lead B is already linked to lead #%1: undo that first</translation>
    </message>
    <message>
        <source>No open pair matches the filter.</source>
        <translation>No open pair matches the filter.</translation>
    </message>
    <message>
        <source>No open pairs: nothing to review.</source>
        <translation>No open pairs: nothing to review.</translation>
    </message>
    <message>
        <source>Showing the oldest %1 pairs; narrow the filter to see the others.</source>
        <translation>Showing the oldest %1 pairs; narrow the filter to see the others.</translation>
    </message>
    <message>
        <source>Pair #%1 no longer exists.</source>
        <translation>Pair #%1 no longer exists.</translation>
    </message>
    <message>
        <source>Pair #%1 · flagged %2 ago · score %3</source>
        <translation>Pair #%1 · flagged %2 ago · score %3</translation>
    </message>
    <message>
        <source>Why: %1</source>
        <translation>Why: %1</translation>
    </message>
    <message>
        <source>⚠ %1</source>
        <translation>⚠ %1</translation>
    </message>
    <message>
        <source>Decided by you: %1. U undoes it.</source>
        <translation>Decided by you: %1. U undoes it.</translation>
    </message>
    <message>
        <source>Already decided: %1. Nothing to do here; J opens the next pair.</source>
        <translation>Already decided: %1. Nothing to do here; J opens the next pair.</translation>
    </message>
    <message>
        <source>Read-only: deciding on duplicates needs the inbox_manager role.</source>
        <translation>Read-only: deciding on duplicates needs the inbox_manager role.</translation>
    </message>
    <message>
        <source>Pair #%1 is still loading; decide once it is shown.</source>
        <translation>Pair #%1 is still loading; decide once it is shown.</translation>
    </message>
    <message>
        <source>Pair #%1 is already decided: %2.</source>
        <translation>Pair #%1 is already decided: %2.</translation>
    </message>
    <message>
        <source>Merging pair #%1…</source>
        <translation>Merging pair #%1…</translation>
    </message>
    <message>
        <source>Keeping pair #%1 separate…</source>
        <translation>Keeping pair #%1 separate…</translation>
    </message>
    <message>
        <source>Nothing of yours to undo in this session.</source>
        <translation>Nothing of yours to undo in this session.</translation>
    </message>
    <message>
        <source>Undoing your decision on pair #%1…</source>
        <translation>Undoing your decision on pair #%1…</translation>
    </message>
    <message>
        <source>Skipped pair #%1; it stays in the queue.</source>
        <translation>Skipped pair #%1; it stays in the queue.</translation>
    </message>
    <message>
        <source>That was the last pair in the queue.</source>
        <translation>That was the last pair in the queue.</translation>
    </message>
    <message>
        <source>That is the first pair in the queue.</source>
        <translation>That is the first pair in the queue.</translation>
    </message>
    <message>
        <source>That was the last open pair: the queue is empty.</source>
        <translation>That was the last open pair: the queue is empty.</translation>
    </message>
    <message>
        <source>Undone: pair #%1 is open again.</source>
        <translation>Undone: pair #%1 is open again.</translation>
    </message>
    <message>
        <source>Not undone: pair #%1 has changed since your decision (now: %2).</source>
        <translation>Not undone: pair #%1 has changed since your decision (now: %2).</translation>
    </message>
    <message>
        <source>Not undone: pair #%1 is already open again.</source>
        <translation>Not undone: pair #%1 is already open again.</translation>
    </message>
    <message>
        <source>Not undone: pair #%1 no longer exists.</source>
        <translation>Not undone: pair #%1 no longer exists.</translation>
    </message>
    <message>
        <source>The connection was lost during the undo; pair #%1 is now: %2.</source>
        <translation>The connection was lost during the undo; pair #%1 is now: %2.</translation>
    </message>
    <message>
        <source>The connection was lost during the undo of pair #%1; whether it was undone is not known yet. It will be read again when the connection is back.</source>
        <translation>The connection was lost during the undo of pair #%1; whether it was undone is not known yet. It will be read again when the connection is back.</translation>
    </message>
    <message>
        <source>The undo of pair #%1 failed: %2</source>
        <translation>The undo of pair #%1 failed: %2</translation>
    </message>
    <message>
        <source>merge</source>
        <translation>merge</translation>
    </message>
    <message>
        <source>keep separate</source>
        <translation>keep separate</translation>
    </message>
    <message>
        <source>Merged pair #%1: lead B is linked to lead A. U undoes it.</source>
        <translation>Merged pair #%1: lead B is linked to lead A. U undoes it.</translation>
    </message>
    <message>
        <source>Kept pair #%1 separate. U undoes it.</source>
        <translation>Kept pair #%1 separate. U undoes it.</translation>
    </message>
    <message>
        <source>Your %1 was not applied: pair #%2 was already %3.</source>
        <translation>Your %1 was not applied: pair #%2 was already %3.</translation>
    </message>
    <message>
        <source>Not merged: lead B of pair #%1 is already linked to another lead by an earlier decision; undo that one first.</source>
        <translation>Not merged: lead B of pair #%1 is already linked to another lead by an earlier decision; undo that one first.</translation>
    </message>
    <message>
        <source>The connection was lost, but your decision went through: pair #%1 is %2.</source>
        <translation>The connection was lost, but your decision went through: pair #%1 is %2.</translation>
    </message>
    <message>
        <source>The connection was lost; your %1 was not applied. Pair #%2 is now: %3.</source>
        <translation>The connection was lost; your %1 was not applied. Pair #%2 is now: %3.</translation>
    </message>
    <message>
        <source>The connection was lost during the %1 of pair #%2; whether it was applied is not known yet. The pair will be read again when the connection is back.</source>
        <translation>The connection was lost during the %1 of pair #%2; whether it was applied is not known yet. The pair will be read again when the connection is back.</translation>
    </message>
    <message>
        <source>The database refused the decision: %1 may not decide on duplicates.</source>
        <translation>The database refused the decision: %1 may not decide on duplicates.</translation>
    </message>
    <message>
        <source>The %1 of pair #%2 failed: %3</source>
        <translation>The %1 of pair #%2 failed: %3</translation>
    </message>
    <message>
        <source>Next pair</source>
        <translation>Next pair</translation>
    </message>
    <message>
        <source>Previous pair</source>
        <translation>Previous pair</translation>
    </message>
    <message>
        <source>Skip: decide later</source>
        <translation>Skip: decide later</translation>
    </message>
    <message>
        <source>Undo my last decision</source>
        <translation>Undo my last decision</translation>
    </message>
    <message>
        <source>Merge: the same request</source>
        <translation>Merge: the same request</translation>
    </message>
    <message>
        <source>Keep separate: different requests</source>
        <translation>Keep separate: different requests</translation>
    </message>
    <message>
        <source>Go to the search field</source>
        <translation>Go to the search field</translation>
    </message>
    <message>
        <source>In the note field: back to the list</source>
        <translation>In the note field: back to the list</translation>
    </message>
    <message>
        <source>The connection was lost during the decision on pair #%1; reading the pair again to tell whether it was applied…</source>
        <translation>The connection was lost during the decision on pair #%1; reading the pair again to tell whether it was applied…</translation>
    </message>
    <message>
        <source>In the search field: back to the list</source>
        <translation>In the search field: back to the list</translation>
    </message>
    <message>
        <source>The connection was lost before your decision (%1) on pair #%2 went through: it was not applied. The pair is still open; decide it again.</source>
        <translation>The connection was lost before your decision (%1) on pair #%2 went through: it was not applied. The pair is still open; decide it again.</translation>
    </message>
</context>
<context>
    <name>inbox::Duration</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1 d %2 h</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1 d</translation>
    </message>
</context>
<context>
    <name>inbox::EventDetailLoader</name>
    <message>
        <source>The event is no longer in the database.</source>
        <translation>The event is no longer in the database.</translation>
    </message>
</context>
<context>
    <name>inbox::EventDetailPane</name>
    <message>
        <source>received</source>
        <translation>received</translation>
    </message>
    <message>
        <source>repeat delivery</source>
        <translation>repeat delivery</translation>
    </message>
    <message>
        <source>conflict (different body)</source>
        <translation>conflict (different body)</translation>
    </message>
    <message>
        <source>rearmed by a repeat</source>
        <translation>rearmed by a repeat</translation>
    </message>
    <message>
        <source>claimed</source>
        <translation>claimed</translation>
    </message>
    <message>
        <source>taken over (stale lock)</source>
        <translation>taken over (stale lock)</translation>
    </message>
    <message>
        <source>done</source>
        <translation>done</translation>
    </message>
    <message>
        <source>retry scheduled</source>
        <translation>retry scheduled</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>failed</translation>
    </message>
    <message>
        <source>late completion refused</source>
        <translation>late completion refused</translation>
    </message>
    <message>
        <source>late failure refused</source>
        <translation>late failure refused</translation>
    </message>
    <message>
        <source>action started</source>
        <translation>action started</translation>
    </message>
    <message>
        <source>action asked again</source>
        <translation>action asked again</translation>
    </message>
    <message>
        <source>action done</source>
        <translation>action done</translation>
    </message>
    <message>
        <source>action failed</source>
        <translation>action failed</translation>
    </message>
    <message>
        <source>lead recorded</source>
        <translation>lead recorded</translation>
    </message>
    <message>
        <source>possible duplicate flagged</source>
        <translation>possible duplicate flagged</translation>
    </message>
    <message>
        <source>requeued by a person</source>
        <translation>requeued by a person</translation>
    </message>
    <message>
        <source>duplicate merged</source>
        <translation>duplicate merged</translation>
    </message>
    <message>
        <source>kept separate</source>
        <translation>kept separate</translation>
    </message>
    <message>
        <source>decision undone</source>
        <translation>decision undone</translation>
    </message>
    <message>
        <source>pruned</source>
        <translation>pruned</translation>
    </message>
    <message>
        <source>Copy id</source>
        <translation>Copy id</translation>
    </message>
    <message>
        <source>Copy external id</source>
        <translation>Copy external id</translation>
    </message>
    <message>
        <source>Copy key</source>
        <translation>Copy key</translation>
    </message>
    <message>
        <source>Copy the event id to the clipboard</source>
        <translation>Copy the event id to the clipboard</translation>
    </message>
    <message>
        <source>Copy the external id to the clipboard</source>
        <translation>Copy the external id to the clipboard</translation>
    </message>
    <message>
        <source>Copy the idempotency key to the clipboard</source>
        <translation>Copy the idempotency key to the clipboard</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>Field</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Value</translation>
    </message>
    <message>
        <source>Save whole body...</source>
        <translation>Save whole body...</translation>
    </message>
    <message>
        <source>At</source>
        <translation>At</translation>
    </message>
    <message>
        <source>Delivery</source>
        <translation>Delivery</translation>
    </message>
    <message>
        <source>What happened</source>
        <translation>What happened</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Detail</translation>
    </message>
    <message>
        <source>Content type</source>
        <translation>Content type</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Size</translation>
    </message>
    <message>
        <source>Fingerprint</source>
        <translation>Fingerprint</translation>
    </message>
    <message>
        <source>Save this body...</source>
        <translation>Save this body...</translation>
    </message>
    <message>
        <source>Bodies of conflicting deliveries (same key, different content):</source>
        <translation>Bodies of conflicting deliveries (same key, different content):</translation>
    </message>
    <message>
        <source>Entry</source>
        <translation>Entry</translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>Actor</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Kind</translation>
    </message>
    <message>
        <source>Operation key</source>
        <translation>Operation key</translation>
    </message>
    <message>
        <source>State</source>
        <translation>State</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>Calls</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Started</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Finished</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Result</translation>
    </message>
    <message>
        <source>Pair</source>
        <translation>Pair</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Reasons</source>
        <translation>Reasons</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Score</translation>
    </message>
    <message>
        <source>Other lead</source>
        <translation>Other lead</translation>
    </message>
    <message>
        <source>Phone</source>
        <translation>Phone</translation>
    </message>
    <message>
        <source>E-mail</source>
        <translation>E-mail</translation>
    </message>
    <message>
        <source>Source / external id</source>
        <translation>Source / external id</translation>
    </message>
    <message>
        <source>Lead came</source>
        <translation>Lead came</translation>
    </message>
    <message>
        <source>Decided</source>
        <translation>Decided</translation>
    </message>
    <message>
        <source>Possible duplicates:</source>
        <translation>Possible duplicates:</translation>
    </message>
    <message>
        <source>Body</source>
        <translation>Body</translation>
    </message>
    <message>
        <source>Deliveries</source>
        <translation>Deliveries</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Timeline</translation>
    </message>
    <message>
        <source>Actions</source>
        <translation>Actions</translation>
    </message>
    <message>
        <source>Lead</source>
        <translation>Lead</translation>
    </message>
    <message>
        <source>Could not load the event: %1</source>
        <translation>Could not load the event: %1</translation>
    </message>
    <message>
        <source>event id</source>
        <translation>event id</translation>
    </message>
    <message>
        <source>external id</source>
        <translation>external id</translation>
    </message>
    <message>
        <source>idempotency key</source>
        <translation>idempotency key</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>Saved %1</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>Not saved: %1</translation>
    </message>
    <message>
        <source>Event %1 (loading...)</source>
        <translation>Event %1 (loading...)</translation>
    </message>
    <message>
        <source>Select an event to see its body, deliveries, timeline, actions and lead.</source>
        <translation>Select an event to see its body, deliveries, timeline, actions and lead.</translation>
    </message>
    <message>
        <source>Event %1 is no longer in the database (pruned).</source>
        <translation>Event %1 is no longer in the database (pruned).</translation>
    </message>
    <message>
        <source>Event %1: %2 / %3</source>
        <translation>Event %1: %2 / %3</translation>
    </message>
    <message>
        <source>kind %1</source>
        <translation>kind %1</translation>
    </message>
    <message>
        <source>attempt %1 of %2</source>
        <translation>attempt %1 of %2</translation>
    </message>
    <message>
        <source>deliveries %1</source>
        <translation>deliveries %1</translation>
    </message>
    <message>
        <source>occurred %1</source>
        <translation>occurred %1</translation>
    </message>
    <message>
        <source>received %1</source>
        <translation>received %1</translation>
    </message>
    <message>
        <source>next attempt %1</source>
        <translation>next attempt %1</translation>
    </message>
    <message>
        <source>locked by %1 since %2</source>
        <translation>locked by %1 since %2</translation>
    </message>
    <message>
        <source>done %1</source>
        <translation>done %1</translation>
    </message>
    <message>
        <source>key %1</source>
        <translation>key %1</translation>
    </message>
    <message>
        <source>Last error (retryable): %1</source>
        <translation>Last error (retryable): %1</translation>
    </message>
    <message>
        <source>Last error (not retryable): %1</source>
        <translation>Last error (not retryable): %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Needs review:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Needs review:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>Result: %1</source>
        <translation>Result: %1</translation>
    </message>
    <message>
        <source>Not valid JSON (%1); shown as text.</source>
        <translation>Not valid JSON (%1); shown as text.</translation>
    </message>
    <message>
        <source>JSON nested deeper than %1 levels; shown as text.</source>
        <translation>JSON nested deeper than %1 levels; shown as text.</translation>
    </message>
    <message>
        <source>Binary data; shown as a hex dump.</source>
        <translation>Binary data; shown as a hex dump.</translation>
    </message>
    <message>
        <source>Bytes that are not valid UTF-8 are shown as �.</source>
        <translation>Bytes that are not valid UTF-8 are shown as �.</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>empty</translation>
    </message>
    <message>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <source>form fields</source>
        <translation>form fields</translation>
    </message>
    <message>
        <source>text</source>
        <translation>text</translation>
    </message>
    <message>
        <source>hex dump</source>
        <translation>hex dump</translation>
    </message>
    <message>
        <source>showing the first %1; save the whole body to see all of it</source>
        <translation>showing the first %1; save the whole body to see all of it</translation>
    </message>
    <message>
        <source>No conflicting delivery: every repeat had the same body.</source>
        <translation>No conflicting delivery: every repeat had the same body.</translation>
    </message>
    <message>
        <source>%1 (person)</source>
        <translation>%1 (person)</translation>
    </message>
    <message>
        <source>... earlier entries left out: showing the first and the latest %1</source>
        <translation>... earlier entries left out: showing the first and the latest %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Lead %1&lt;/b&gt;, came %2</source>
        <translation>&lt;b&gt;Lead %1&lt;/b&gt;, came %2</translation>
    </message>
    <message>
        <source>Name: %1</source>
        <translation>Name: %1</translation>
    </message>
    <message>
        <source>Phone: %1</source>
        <translation>Phone: %1</translation>
    </message>
    <message>
        <source>E-mail: %1</source>
        <translation>E-mail: %1</translation>
    </message>
    <message>
        <source>Channel: %1</source>
        <translation>Channel: %1</translation>
    </message>
    <message>
        <source>Summary: %1</source>
        <translation>Summary: %1</translation>
    </message>
    <message>
        <source>Deal %1 (open)</source>
        <translation>Deal %1 (open)</translation>
    </message>
    <message>
        <source>Deal %1 (closed)</source>
        <translation>Deal %1 (closed)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Merged into lead %1&lt;/b&gt;</source>
        <translation>&lt;b&gt;Merged into lead %1&lt;/b&gt;</translation>
    </message>
    <message>
        <source> (weak)</source>
        <translation> (weak)</translation>
    </message>
    <message>
        <source>Copied %1</source>
        <translation>Copied %1</translation>
    </message>
    <message>
        <source>Save body</source>
        <translation>Save body</translation>
    </message>
    <message>
        <source>Reading the whole body...</source>
        <translation>Reading the whole body...</translation>
    </message>
    <message>
        <source>Body fields</source>
        <translation>Body fields</translation>
    </message>
    <message>
        <source>Conflicting bodies</source>
        <translation>Conflicting bodies</translation>
    </message>
    <message>
        <source>Fields of the conflicting body</source>
        <translation>Fields of the conflicting body</translation>
    </message>
    <message>
        <source>Possible duplicates</source>
        <translation>Possible duplicates</translation>
    </message>
    <message>
        <source>Double-click or Enter: open the pair on Duplicates</source>
        <translation>Double-click or Enter: open the pair on Duplicates</translation>
    </message>
    <message>
        <source>Earlier error, before the attempt that succeeded: %1</source>
        <translation>Earlier error, before the attempt that succeeded: %1</translation>
    </message>
    <message>
        <source>This event has no lead, so it has no possible duplicates.</source>
        <translation>This event has no lead, so it has no possible duplicates.</translation>
    </message>
    <message>
        <source>Copy link</source>
        <translation>Copy link</translation>
    </message>
    <message>
        <source>Copy a link to this event that a colleague can open (%1)</source>
        <translation>Copy a link to this event that a colleague can open (%1)</translation>
    </message>
    <message numerus="yes">
        <source>not tried yet, up to %n attempt(s)</source>
        <translation>
            <numerusform>not tried yet, up to %n attempt</numerusform>
            <numerusform>not tried yet, up to %n attempts</numerusform>
        </translation>
    </message>
    <message>
        <source>Handler</source>
        <translation>Handler</translation>
    </message>
    <message>
        <source>Destination</source>
        <translation>Destination</translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation>Attempt</translation>
    </message>
    <message>
        <source>HTTP status</source>
        <translation>HTTP status</translation>
    </message>
    <message>
        <source>Took</source>
        <translation>Took</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Outcome</translation>
    </message>
    <message>
        <source>Answer or error</source>
        <translation>Answer or error</translation>
    </message>
    <message>
        <source>Requests to the handler</source>
        <translation>Requests to the handler</translation>
    </message>
    <message>
        <source>Each request inbox-dispatcher made to hand this event to the team&apos;s handler, with the same Idempotency-Key every time</source>
        <translation>Each request inbox-dispatcher made to hand this event to the team&apos;s handler, with the same Idempotency-Key every time</translation>
    </message>
    <message>
        <source>delivered: done</source>
        <translation>delivered: done</translation>
    </message>
    <message>
        <source>failed: will be retried</source>
        <translation>failed: will be retried</translation>
    </message>
    <message>
        <source>refused by the handler: failed</source>
        <translation>refused by the handler: failed</translation>
    </message>
    <message>
        <source>failed: no attempts left</source>
        <translation>failed: no attempts left</translation>
    </message>
    <message>
        <source>given back uncounted: the destination is paused</source>
        <translation>given back uncounted: the destination is paused</translation>
    </message>
    <message>
        <source>not recorded: the event was no longer held</source>
        <translation>not recorded: the event was no longer held</translation>
    </message>
    <message>
        <source>no answer</source>
        <translation>no answer</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>repeat after removal by retention</source>
        <translation>repeat after removal by retention</translation>
    </message>
    <message>
        <source>Event %1: %2 / %3 (removed by retention)</source>
        <translation>Event %1: %2 / %3 (removed by retention)</translation>
    </message>
    <message>
        <source>Not available: the event was removed by retention on %1; only its key and a summary are kept, so it has no body and no actions (nothing to requeue, save or link to).</source>
        <translation>Not available: the event was removed by retention on %1; only its key and a summary are kept, so it has no body and no actions (nothing to requeue, save or link to).</translation>
    </message>
    <message>
        <source>first seen %1</source>
        <translation>first seen %1</translation>
    </message>
    <message>
        <source>final status %1</source>
        <translation>final status %1</translation>
    </message>
    <message>
        <source>deliveries %1 (repeats after the removal included)</source>
        <translation>deliveries %1 (repeats after the removal included)</translation>
    </message>
    <message>
        <source>last delivery %1</source>
        <translation>last delivery %1</translation>
    </message>
    <message>
        <source>... older repeats after the removal left out: showing the latest %1</source>
        <translation>... older repeats after the removal left out: showing the latest %1</translation>
    </message>
    <message>
        <source>removed by retention</source>
        <translation>removed by retention</translation>
    </message>
    <message>
        <source>Body and actions removed by retention on %1; its journal entries stay until their day is pruned.</source>
        <translation>Body and actions removed by retention on %1; its journal entries stay until their day is pruned.</translation>
    </message>
</context>
<context>
    <name>inbox::ExportLayout</name>
    <message>
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <source>External id</source>
        <translation>External id</translation>
    </message>
    <message>
        <source>Created at</source>
        <translation>Created at</translation>
    </message>
    <message>
        <source>Phone</source>
        <translation>Phone</translation>
    </message>
    <message>
        <source>E-mail</source>
        <translation>E-mail</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Other CSV, mapped by hand</source>
        <translation>Other CSV, mapped by hand</translation>
    </message>
    <message>
        <source>Bitrix24 leads</source>
        <translation>Bitrix24 leads</translation>
    </message>
    <message>
        <source>Bitrix24 deals</source>
        <translation>Bitrix24 deals</translation>
    </message>
    <message>
        <source>amoCRM deals</source>
        <translation>amoCRM deals</translation>
    </message>
</context>
<context>
    <name>inbox::FiringAlertsPanel</name>
    <message>
        <source>&amp;Go to it</source>
        <translation>&amp;Go to it</translation>
    </message>
    <message>
        <source>Alert r&amp;ules...</source>
        <translation>Alert r&amp;ules...</translation>
    </message>
    <message>
        <source>Alerts firing now</source>
        <translation>Alerts firing now</translation>
    </message>
    <message>
        <source>Open what the selected alert is about (Enter)</source>
        <translation>Open what the selected alert is about (Enter)</translation>
    </message>
    <message>
        <source>The alert rules, who hears them, and the history of alerts</source>
        <translation>The alert rules, who hears them, and the history of alerts</translation>
    </message>
    <message>
        <source>Alerts could not be read: %1</source>
        <translation>Alerts could not be read: %1</translation>
    </message>
    <message>
        <source>No alert is firing.</source>
        <translation>No alert is firing.</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n alert(s) firing now&lt;/b&gt;</source>
        <translation>
            <numerusform>&lt;b&gt;%n alert firing now&lt;/b&gt;</numerusform>
            <numerusform>&lt;b&gt;%n alerts firing now&lt;/b&gt;</numerusform>
        </translation>
    </message>
    <message>
        <source>Inbox Console</source>
        <translation>Inbox Console</translation>
    </message>
</context>
<context>
    <name>inbox::GroupRowsModel</name>
    <message>
        <source>Line</source>
        <translation>Line</translation>
    </message>
    <message>
        <source>The line of the imported file</source>
        <translation>The line of the imported file</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <source>External id</source>
        <translation>External id</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Created</translation>
    </message>
    <message>
        <source>Phones</source>
        <translation>Phones</translation>
    </message>
    <message>
        <source>E-mails</source>
        <translation>E-mails</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
</context>
<context>
    <name>inbox::HelpMenu</name>
    <message>
        <source>&amp;Guide to this screen</source>
        <translation>&amp;Guide to this screen</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Keyboard shortcuts</translation>
    </message>
    <message>
        <source>Copy &amp;diagnostics</source>
        <translation>Copy &amp;diagnostics</translation>
    </message>
    <message>
        <source>Put a report for support on the clipboard: versions, system, connection (without password) and the end of the log</source>
        <translation>Put a report for support on the clipboard: versions, system, connection (without password) and the end of the log</translation>
    </message>
    <message>
        <source>&amp;About Inbox Console</source>
        <translation>&amp;About Inbox Console</translation>
    </message>
    <message>
        <source>Guide: %1</source>
        <translation>Guide: %1</translation>
    </message>
    <message>
        <source>Guide to the %1 screen</source>
        <translation>Guide to the %1 screen</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Keyboard shortcuts</translation>
    </message>
    <message numerus="yes">
        <source>Diagnostics copied to the clipboard (%n line(s)); no password is included.</source>
        <translation>
            <numerusform>Diagnostics copied to the clipboard (%n line); no password is included.</numerusform>
            <numerusform>Diagnostics copied to the clipboard (%n lines); no password is included.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>inbox::ImportDialog</name>
    <message>
        <source>no column</source>
        <translation>no column</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>&amp;Import</translation>
    </message>
    <message>
        <source>Import a CRM export as a baseline</source>
        <translation>Import a CRM export as a baseline</translation>
    </message>
    <message>
        <source>Reading %1...</source>
        <translation>Reading %1...</translation>
    </message>
    <message>
        <source>e.g. bitrix24</source>
        <translation>e.g. bitrix24</translation>
    </message>
    <message>
        <source>The source of every row whose source column is empty, or of every row when no column holds it</source>
        <translation>The source of every row whose source column is empty, or of every row when no column holds it</translation>
    </message>
    <message>
        <source>The first records as the mapping reads them</source>
        <translation>The first records as the mapping reads them</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Line</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problem</translation>
    </message>
    <message>
        <source>Lines that could not be read</source>
        <translation>Lines that could not be read</translation>
    </message>
    <message>
        <source>or every row:</source>
        <translation>or every row:</translation>
    </message>
    <message>
        <source>&amp;Source:</source>
        <translation>&amp;Source:</translation>
    </message>
    <message>
        <source>E&amp;xternal id:</source>
        <translation>E&amp;xternal id:</translation>
    </message>
    <message>
        <source>C&amp;reated at:</source>
        <translation>C&amp;reated at:</translation>
    </message>
    <message>
        <source>Contacts:</source>
        <translation>Contacts:</translation>
    </message>
    <message>
        <source>Baseline &amp;name:</source>
        <translation>Baseline &amp;name:</translation>
    </message>
    <message>
        <source>The first records as this mapping reads them:</source>
        <translation>The first records as this mapping reads them:</translation>
    </message>
    <message>
        <source>%1 cannot be read: %2</source>
        <translation>%1 cannot be read: %2</translation>
    </message>
    <message>
        <source> (the mapping you made for this header before)</source>
        <translation> (the mapping you made for this header before)</translation>
    </message>
    <message>
        <source>(no column)</source>
        <translation>(no column)</translation>
    </message>
    <message>
        <source>No column for: %1. Choose one above (for the source, a column or a name for every row).</source>
        <translation>No column for: %1. Choose one above (for the source, a column or a name for every row).</translation>
    </message>
    <message>
        <source>This login may not import a baseline: a manager login may.</source>
        <translation>This login may not import a baseline: a manager login may.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln of these records cannot be read with this mapping; the import leaves such lines out and lists them.</source>
        <translation>
            <numerusform>%Ln of these records cannot be read with this mapping; the import leaves such lines out and lists them.</numerusform>
            <numerusform>%Ln of these records cannot be read with this mapping; the import leaves such lines out and lists them.</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Cancel import</source>
        <translation>&amp;Cancel import</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Close</translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>line %1: %2</translation>
    </message>
    <message numerus="yes">
        <source>... and %Ln more.</source>
        <translation>
            <numerusform>... and %Ln more.</numerusform>
            <numerusform>... and %Ln more.</numerusform>
        </translation>
    </message>
    <message>
        <source>Every line was read.</source>
        <translation>Every line was read.</translation>
    </message>
    <message>
        <source>Cancelled: nothing was stored.</source>
        <translation>Cancelled: nothing was stored.</translation>
    </message>
    <message>
        <source>Not stored: %1</source>
        <translation>Not stored: %1</translation>
    </message>
    <message numerus="yes">
        <source>%1: %2, &quot;%3&quot; between fields, %Ln column(s). Layout: %4%5.</source>
        <translation>
            <numerusform>%1: %2, &quot;%3&quot; between fields, %Ln column. Layout: %4%5.</numerusform>
            <numerusform>%1: %2, &quot;%3&quot; between fields, %Ln columns. Layout: %4%5.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The file goes on after these %Ln record(s); the import reads them all, and lists every line it cannot read.</source>
        <translation>
            <numerusform>The file goes on after these %Ln record; the import reads them all, and lists every line it cannot read.</numerusform>
            <numerusform>The file goes on after these %Ln records; the import reads them all, and lists every line it cannot read.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>That is the whole file: %Ln record(s).</source>
        <translation>
            <numerusform>That is the whole file: %Ln record.</numerusform>
            <numerusform>That is the whole file: %Ln records.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stored as baseline &quot;%1&quot;: %Ln row(s). </source>
        <translation>
            <numerusform>Stored as baseline &quot;%1&quot;: %Ln row. </numerusform>
            <numerusform>Stored as baseline &quot;%1&quot;: %Ln rows. </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln line(s) could not be read (listed below).</source>
        <translation>
            <numerusform>%Ln line could not be read (listed below).</numerusform>
            <numerusform>%Ln lines could not be read (listed below).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>inbox::ImportProblem</name>
    <message>
        <source>A quote opened in this row is never closed.</source>
        <translation>A quote opened in this row is never closed.</translation>
    </message>
    <message>
        <source>Text follows a closing quote on line %1: a quote is missing or not doubled.</source>
        <translation>Text follows a closing quote on line %1: a quote is missing or not doubled.</translation>
    </message>
    <message>
        <source>The row has %1 fields, the header has %2.</source>
        <translation>The row has %1 fields, the header has %2.</translation>
    </message>
    <message>
        <source>Column &quot;%1&quot; has bytes that are not %2 text.</source>
        <translation>Column &quot;%1&quot; has bytes that are not %2 text.</translation>
    </message>
    <message>
        <source>No external id: column &quot;%1&quot; is empty.</source>
        <translation>No external id: column &quot;%1&quot; is empty.</translation>
    </message>
    <message>
        <source>No creation date: column &quot;%1&quot; is empty.</source>
        <translation>No creation date: column &quot;%1&quot; is empty.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a creation date this import reads (dd.MM.yyyy HH:mm:ss, dd.MM.yyyy HH:mm, dd.MM.yyyy or ISO 8601).</source>
        <translation>&quot;%1&quot; is not a creation date this import reads (dd.MM.yyyy HH:mm:ss, dd.MM.yyyy HH:mm, dd.MM.yyyy or ISO 8601).</translation>
    </message>
    <message>
        <source>No source: column &quot;%1&quot; is empty and no source was chosen for the file.</source>
        <translation>No source: column &quot;%1&quot; is empty and no source was chosen for the file.</translation>
    </message>
</context>
<context>
    <name>inbox::JournalExporter</name>
    <message>
        <source>Not connected.</source>
        <translation>Not connected.</translation>
    </message>
</context>
<context>
    <name>inbox::JournalModel</name>
    <message>
        <source>received</source>
        <translation>received</translation>
    </message>
    <message>
        <source>processing</source>
        <translation>processing</translation>
    </message>
    <message>
        <source>done</source>
        <translation>done</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>failed</translation>
    </message>
    <message>
        <source>%1
(retryable)</source>
        <translation>%1
(retryable)</translation>
    </message>
    <message>
        <source>%1
(not retryable)</source>
        <translation>%1
(not retryable)</translation>
    </message>
    <message>
        <source>processing, locked by %1</source>
        <translation>processing, locked by %1</translation>
    </message>
    <message>
        <source>%1 bytes, %2</source>
        <translation>%1 bytes, %2</translation>
    </message>
    <message>
        <source>exact match</source>
        <translation>exact match</translation>
    </message>
    <message>
        <source>its lead&apos;s phone, e-mail or name matches</source>
        <translation>its lead&apos;s phone, e-mail or name matches</translation>
    </message>
    <message>
        <source>Click to sort</source>
        <translation>Click to sort</translation>
    </message>
    <message>
        <source>Not sortable (no index behind it)</source>
        <translation>Not sortable (no index behind it)</translation>
    </message>
    <message>
        <source>Received</source>
        <translation>Received</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <source>External id</source>
        <translation>External id</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Kind</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Attempts</translation>
    </message>
    <message>
        <source>Deliveries</source>
        <translation>Deliveries</translation>
    </message>
    <message>
        <source>Needs review</source>
        <translation>Needs review</translation>
    </message>
    <message>
        <source>Last error</source>
        <translation>Last error</translation>
    </message>
    <message>
        <source>Event id</source>
        <translation>Event id</translation>
    </message>
    <message>
        <source>Idempotency key</source>
        <translation>Idempotency key</translation>
    </message>
    <message>
        <source>Occurred</source>
        <translation>Occurred</translation>
    </message>
    <message>
        <source>Body</source>
        <translation>Body</translation>
    </message>
    <message numerus="yes">
        <source>%n byte(s)</source>
        <translation>
            <numerusform>%n byte</numerusform>
            <numerusform>%n bytes</numerusform>
        </translation>
    </message>
    <message>
        <source>Removed by retention on %1: only its key and a summary are kept (no body, no actions)</source>
        <translation>Removed by retention on %1: only its key and a summary are kept (no body, no actions)</translation>
    </message>
    <message>
        <source>exact match: the key of an event removed by retention on %1</source>
        <translation>exact match: the key of an event removed by retention on %1</translation>
    </message>
    <message>
        <source>pruned</source>
        <translation>pruned</translation>
    </message>
    <message>
        <source>Body and actions removed by retention on %1</source>
        <translation>Body and actions removed by retention on %1</translation>
    </message>
</context>
<context>
    <name>inbox::JournalPage</name>
    <message>
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Kind</translation>
    </message>
    <message>
        <source>Needs review</source>
        <translation>Needs review</translation>
    </message>
    <message>
        <source>Clear filters</source>
        <translation>Clear filters</translation>
    </message>
    <message>
        <source>Export CSV...</source>
        <translation>Export CSV...</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Show</translation>
    </message>
    <message>
        <source>Search id, key, phone, e-mail or name  ( / )</source>
        <translation>Search id, key, phone, e-mail or name  ( / )</translation>
    </message>
    <message>
        <source>An external id, idempotency key or event id (exact matches first), the start of an external id or idempotency key, or a customer&apos;s phone, e-mail or the start of their name as their lead has it (any way the phone is written; e-mail and name in any case)</source>
        <translation>An external id, idempotency key or event id (exact matches first), the start of an external id or idempotency key, or a customer&apos;s phone, e-mail or the start of their name as their lead has it (any way the phone is written; e-mail and name in any case)</translation>
    </message>
    <message>
        <source>Only events a person should look at (key conflict, enrichment failed...)</source>
        <translation>Only events a person should look at (key conflict, enrichment failed...)</translation>
    </message>
    <message>
        <source>Write every event the current search and filters match to a CSV file</source>
        <translation>Write every event the current search and filters match to a CSV file</translation>
    </message>
    <message>
        <source>Working...</source>
        <translation>Working...</translation>
    </message>
    <message numerus="yes">
        <source>Working... %n s</source>
        <translation>
            <numerusform>Working... %n s</numerusform>
            <numerusform>Working... %n s</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Cancelled.</translation>
    </message>
    <message>
        <source>The journal query failed: %1</source>
        <translation>The journal query failed: %1</translation>
    </message>
    <message>
        <source>Copy selected rows</source>
        <translation>Copy selected rows</translation>
    </message>
    <message>
        <source>Copy event id</source>
        <translation>Copy event id</translation>
    </message>
    <message>
        <source>Copy external id</source>
        <translation>Copy external id</translation>
    </message>
    <message>
        <source>Copy idempotency key</source>
        <translation>Copy idempotency key</translation>
    </message>
    <message>
        <source>Not connected.</source>
        <translation>Not connected.</translation>
    </message>
    <message>
        <source>%1+ new events since this list was read</source>
        <translation>%1+ new events since this list was read</translation>
    </message>
    <message numerus="yes">
        <source>%n new event(s) since this list was read</source>
        <translation>
            <numerusform>%n new event since this list was read</numerusform>
            <numerusform>%n new events since this list was read</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n event(s) in the list</source>
        <translation>
            <numerusform>%n event in the list</numerusform>
            <numerusform>%n events in the list</numerusform>
        </translation>
    </message>
    <message>
        <source>exact matches first, then external ids and keys starting with the text, then the lead&apos;s phone, e-mail or name</source>
        <translation>exact matches first, then external ids and keys starting with the text, then the lead&apos;s phone, e-mail or name</translation>
    </message>
    <message>
        <source>earlier rows let go to save memory (scroll up to read them again)</source>
        <translation>earlier rows let go to save memory (scroll up to read them again)</translation>
    </message>
    <message>
        <source>more as you scroll</source>
        <translation>more as you scroll</translation>
    </message>
    <message>
        <source>last read %1 ms</source>
        <translation>last read %1 ms</translation>
    </message>
    <message numerus="yes">
        <source>Copied %n row(s).</source>
        <translation>
            <numerusform>Copied %n row.</numerusform>
            <numerusform>Copied %n rows.</numerusform>
        </translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation>Export failed: %1</translation>
    </message>
    <message>
        <source>Exporting...</source>
        <translation>Exporting...</translation>
    </message>
    <message>
        <source>Export journal</source>
        <translation>Export journal</translation>
    </message>
    <message>
        <source>Export cancelled; no file written.</source>
        <translation>Export cancelled; no file written.</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n row(s)...</source>
        <translation>
            <numerusform>Exported %n row...</numerusform>
            <numerusform>Exported %n rows...</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported %n row(s).</source>
        <translation>
            <numerusform>Exported %n row.</numerusform>
            <numerusform>Exported %n rows.</numerusform>
        </translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Search</translation>
    </message>
    <message>
        <source>Events, newest first</source>
        <translation>Events, newest first</translation>
    </message>
    <message>
        <source>Go to the search field</source>
        <translation>Go to the search field</translation>
    </message>
    <message>
        <source>In the search field: cancel a slow search, or go to the table</source>
        <translation>In the search field: cancel a slow search, or go to the table</translation>
    </message>
    <message>
        <source>Copied: %1</source>
        <translation>Copied: %1</translation>
    </message>
</context>
<context>
    <name>inbox::LeadComparison</name>
    <message>
        <source>Open event in the journal</source>
        <translation>Open event in the journal</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Channel</translation>
    </message>
    <message>
        <source>Came</source>
        <translation>Came</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Phone as received</source>
        <translation>Phone as received</translation>
    </message>
    <message>
        <source>Phone normalised</source>
        <translation>Phone normalised</translation>
    </message>
    <message>
        <source>E-mail as received</source>
        <translation>E-mail as received</translation>
    </message>
    <message>
        <source>E-mail normalised</source>
        <translation>E-mail normalised</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Message</translation>
    </message>
    <message>
        <source>Deal</source>
        <translation>Deal</translation>
    </message>
    <message>
        <source>Source event</source>
        <translation>Source event</translation>
    </message>
    <message>
        <source>= same</source>
        <translation>= same</translation>
    </message>
    <message>
        <source>≠ differ</source>
        <translation>≠ differ</translation>
    </message>
    <message>
        <source>Lead A (earlier)</source>
        <translation>Lead A (earlier)</translation>
    </message>
    <message>
        <source>Lead B (newer)</source>
        <translation>Lead B (newer)</translation>
    </message>
    <message>
        <source>Lead A (earlier) #%1</source>
        <translation>Lead A (earlier) #%1</translation>
    </message>
    <message>
        <source>Lead B (newer) #%1</source>
        <translation>Lead B (newer) #%1</translation>
    </message>
    <message>
        <source>+%1</source>
        <translation>+%1</translation>
    </message>
    <message>
        <source>B came %1 after A.</source>
        <translation>B came %1 after A.</translation>
    </message>
    <message>
        <source>= same (weak)</source>
        <translation>= same (weak)</translation>
    </message>
    <message>
        <source>no deal</source>
        <translation>no deal</translation>
    </message>
    <message>
        <source>%1 (open)</source>
        <translation>%1 (open)</translation>
    </message>
    <message>
        <source>%1 (closed)</source>
        <translation>%1 (closed)</translation>
    </message>
    <message>
        <source>, linked to lead #%1</source>
        <translation>, linked to lead #%1</translation>
    </message>
    <message>
        <source>open deal</source>
        <translation>open deal</translation>
    </message>
    <message>
        <source>%1 · %2 · event #%3</source>
        <translation>%1 · %2 · event #%3</translation>
    </message>
    <message>
        <source>%1 · %2 · event #%3 (pruned)</source>
        <translation>%1 · %2 · event #%3 (pruned)</translation>
    </message>
    <message>
        <source>Open A&apos;s event #%1 in the journal</source>
        <translation>Open A&apos;s event #%1 in the journal</translation>
    </message>
    <message>
        <source>Open B&apos;s event #%1 in the journal</source>
        <translation>Open B&apos;s event #%1 in the journal</translation>
    </message>
    <message>
        <source>The event was pruned; the lead keeps its source and external id.</source>
        <translation>The event was pruned; the lead keeps its source and external id.</translation>
    </message>
</context>
<context>
    <name>inbox::MainWindow</name>
    <message>
        <source>Inbox Console</source>
        <translation>Inbox Console</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;File</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quit</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Help</translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation>Not connected</translation>
    </message>
    <message>
        <source>%1 @ %2, schema %3</source>
        <translation>%1 @ %2, schema %3</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>Connect</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>Overview</translation>
    </message>
    <message>
        <source>Journal</source>
        <translation>Journal</translation>
    </message>
    <message>
        <source>Duplicates</source>
        <translation>Duplicates</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;View</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Refresh</translation>
    </message>
    <message numerus="yes">
        <source>Connection lost: %1. Reconnecting in %n s; what is shown may be out of date.</source>
        <translation>
            <numerusform>Connection lost: %1. Reconnecting in %n s; what is shown may be out of date.</numerusform>
            <numerusform>Connection lost: %1. Reconnecting in %n s; what is shown may be out of date.</numerusform>
        </translation>
    </message>
    <message>
        <source>Needs attention</source>
        <translation>Needs attention</translation>
    </message>
    <message>
        <source>Audit</source>
        <translation>Audit</translation>
    </message>
    <message>
        <source>&amp;Settings...</source>
        <translation>&amp;Settings...</translation>
    </message>
    <message>
        <source>Show the %1 screen</source>
        <translation>Show the %1 screen</translation>
    </message>
    <message>
        <source>No server at the socket %1: is PostgreSQL running?</source>
        <translation>No server at the socket %1: is PostgreSQL running?</translation>
    </message>
    <message>
        <source>No server answers at %1, port %2: is PostgreSQL running there?</source>
        <translation>No server answers at %1, port %2: is PostgreSQL running there?</translation>
    </message>
    <message numerus="yes">
        <source>Connection lost. %1 Reconnecting in %n s; what is shown may be out of date.</source>
        <translation>
            <numerusform>Connection lost. %1 Reconnecting in %n s; what is shown may be out of date.</numerusform>
            <numerusform>Connection lost. %1 Reconnecting in %n s; what is shown may be out of date.</numerusform>
        </translation>
    </message>
    <message>
        <source>Copy &amp;link</source>
        <translation>Copy &amp;link</translation>
    </message>
    <message>
        <source>Copy a link to the event, pair or audit entry shown, for a colleague to open with inbox-console --open</source>
        <translation>Copy a link to the event, pair or audit entry shown, for a colleague to open with inbox-console --open</translation>
    </message>
    <message>
        <source>Nothing to link to here: select an event, a pair or an audit entry first.</source>
        <translation>Nothing to link to here: select an event, a pair or an audit entry first.</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Edit</translation>
    </message>
    <message>
        <source>The link opens once connected: connect to the database it is about.</source>
        <translation>The link opens once connected: connect to the database it is about.</translation>
    </message>
    <message>
        <source>Connecting with the profile &quot;%1&quot; to open the link.</source>
        <translation>Connecting with the profile &quot;%1&quot; to open the link.</translation>
    </message>
    <message>
        <source>The link is for the connection profile &quot;%1&quot;, which is not saved on this computer. Enter that database&apos;s connection here (and save it under that name); the link opens once connected.</source>
        <translation>The link is for the connection profile &quot;%1&quot;, which is not saved on this computer. Enter that database&apos;s connection here (and save it under that name); the link opens once connected.</translation>
    </message>
    <message>
        <source>The link was not opened: %1</source>
        <translation>The link was not opened: %1</translation>
    </message>
    <message>
        <source>Open link</source>
        <translation>Open link</translation>
    </message>
    <message>
        <source>This link cannot be opened.</source>
        <translation>This link cannot be opened.</translation>
    </message>
    <message>
        <source>Link copied: %1 (this connection has no saved profile: the link opens on whatever the colleague is connected to)</source>
        <translation>Link copied: %1 (this connection has no saved profile: the link opens on whatever the colleague is connected to)</translation>
    </message>
    <message>
        <source>Link copied: %1</source>
        <translation>Link copied: %1</translation>
    </message>
    <message>
        <source>Report</source>
        <translation>Report</translation>
    </message>
    <message>
        <source>Reads: standby, lag %1 s</source>
        <translation>Reads: standby, lag %1 s</translation>
    </message>
    <message>
        <source>Reads: standby, lag over %1 s (%2 MB behind)</source>
        <translation>Reads: standby, lag over %1 s (%2 MB behind)</translation>
    </message>
    <message>
        <source>The screens read from the standby; every action goes to the primary. The lag is how long the standby took to replay what the primary had written, measured every %1 s.</source>
        <translation>The screens read from the standby; every action goes to the primary. The lag is how long the standby took to replay what the primary had written, measured every %1 s.</translation>
    </message>
    <message>
        <source>Reads: primary (the standby does not answer)</source>
        <translation>Reads: primary (the standby does not answer)</translation>
    </message>
    <message>
        <source>The standby does not answer, so the screens read from the primary; they go back to the standby once it answers.</source>
        <translation>The standby does not answer, so the screens read from the primary; they go back to the standby once it answers.</translation>
    </message>
    <message>
        <source>Reads: the standby does not answer</source>
        <translation>Reads: the standby does not answer</translation>
    </message>
    <message>
        <source>The screens cannot read: %1</source>
        <translation>The screens cannot read: %1</translation>
    </message>
    <message>
        <source>Reads: standby, lag over %1 s (%2 kB behind)</source>
        <translation>Reads: standby, lag over %1 s (%2 kB behind)</translation>
    </message>
</context>
<context>
    <name>inbox::MultiSelectButton</name>
    <message>
        <source>All (clear)</source>
        <translation>All (clear)</translation>
    </message>
    <message>
        <source>%1: all</source>
        <translation>%1: all</translation>
    </message>
</context>
<context>
    <name>inbox::NowFiguresModel</name>
    <message>
        <source>Due since %1</source>
        <translation>Due since %1</translation>
    </message>
    <message>
        <source>Received and not yet processed: due now or scheduled for a retry</source>
        <translation>Received and not yet processed: due now or scheduled for a retry</translation>
    </message>
    <message>
        <source>Waiting and due now: a worker may take them</source>
        <translation>Waiting and due now: a worker may take them</translation>
    </message>
    <message>
        <source>Processing, but the worker&apos;s lock is older than the lock timeout (5 minutes unless the deployment set another)</source>
        <translation>Processing, but the worker&apos;s lock is older than the lock timeout (5 minutes unless the deployment set another)</translation>
    </message>
    <message>
        <source>Failed for good: waiting for a person</source>
        <translation>Failed for good: waiting for a person</translation>
    </message>
    <message>
        <source>How long the longest-due event has waited</source>
        <translation>How long the longest-due event has waited</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>Waiting</translation>
    </message>
    <message>
        <source>Due</source>
        <translation>Due</translation>
    </message>
    <message>
        <source>Processing</source>
        <translation>Processing</translation>
    </message>
    <message>
        <source>Stuck</source>
        <translation>Stuck</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Failed</translation>
    </message>
    <message>
        <source>Longest wait</source>
        <translation>Longest wait</translation>
    </message>
</context>
<context>
    <name>inbox::OverviewPage</name>
    <message>
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <source>&amp;Source:</source>
        <translation>&amp;Source:</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>Waiting</translation>
    </message>
    <message>
        <source>Received and not processed yet: due now or scheduled for a retry</source>
        <translation>Received and not processed yet: due now or scheduled for a retry</translation>
    </message>
    <message>
        <source>Due now</source>
        <translation>Due now</translation>
    </message>
    <message>
        <source>Waiting events a worker may take now</source>
        <translation>Waiting events a worker may take now</translation>
    </message>
    <message>
        <source>Processing</source>
        <translation>Processing</translation>
    </message>
    <message>
        <source>Held by a worker</source>
        <translation>Held by a worker</translation>
    </message>
    <message>
        <source>Stuck</source>
        <translation>Stuck</translation>
    </message>
    <message>
        <source>Processing with a lock older than the lock timeout (5 minutes by default): the worker may be gone</source>
        <translation>Processing with a lock older than the lock timeout (5 minutes by default): the worker may be gone</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Failed</translation>
    </message>
    <message>
        <source>Failed for good, waiting for a person (Needs attention)</source>
        <translation>Failed for good, waiting for a person (Needs attention)</translation>
    </message>
    <message>
        <source>Open duplicates</source>
        <translation>Open duplicates</translation>
    </message>
    <message>
        <source>Possible duplicate leads waiting for a manager&apos;s decision</source>
        <translation>Possible duplicate leads waiting for a manager&apos;s decision</translation>
    </message>
    <message>
        <source>All sources</source>
        <translation>All sources</translation>
    </message>
    <message>
        <source>no baseline yet, alarm above %1</source>
        <translation>no baseline yet, alarm above %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>none</translation>
    </message>
    <message>
        <source>%1 / %2 (event %3)</source>
        <translation>%1 / %2 (event %3)</translation>
    </message>
    <message>
        <source>Server time %1 · read in %2 ms</source>
        <translation>Server time %1 · read in %2 ms</translation>
    </message>
    <message>
        <source>This database user may not read the inbox statistics: it needs the inbox_support role (or one that includes it).</source>
        <translation>This database user may not read the inbox statistics: it needs the inbox_support role (or one that includes it).</translation>
    </message>
    <message>
        <source>Could not read the overview: %1</source>
        <translation>Could not read the overview: %1</translation>
    </message>
    <message>
        <source>Connect to an inbox database (the Connect screen) to see the overview.</source>
        <translation>Connect to an inbox database (the Connect screen) to see the overview.</translation>
    </message>
    <message numerus="yes">
        <source>usually %1, the median of the last %n days</source>
        <translation>
            <numerusform>usually %1, the median of the last %n day</numerusform>
            <numerusform>usually %1, the median of the last %n days</numerusform>
        </translation>
    </message>
    <message>
        <source>Per day</source>
        <translation>Per day</translation>
    </message>
    <message>
        <source>Now, per source</source>
        <translation>Now, per source</translation>
    </message>
    <message>
        <source>Per day, all sources</source>
        <translation>Per day, all sources</translation>
    </message>
    <message>
        <source>Per day, %1</source>
        <translation>Per day, %1</translation>
    </message>
    <message>
        <source>Oldest due</source>
        <translation>Oldest due</translation>
    </message>
    <message>
        <source>How long the longest-due event has waited for a worker; events scheduled for a retry later are not due yet</source>
        <translation>How long the longest-due event has waited for a worker; events scheduled for a retry later are not due yet</translation>
    </message>
    <message>
        <source>%1 due, %2 scheduled for a retry</source>
        <translation>%1 due, %2 scheduled for a retry</translation>
    </message>
    <message>
        <source>nothing is due; %1 scheduled for a retry</source>
        <translation>nothing is due; %1 scheduled for a retry</translation>
    </message>
    <message>
        <source>Opens Needs attention on the failed events</source>
        <translation>Opens Needs attention on the failed events</translation>
    </message>
    <message>
        <source>Opens the Duplicates screen</source>
        <translation>Opens the Duplicates screen</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 %2&lt;/b&gt; (%3 of %4, %5)</source>
        <translation>&lt;b&gt;%1 %2&lt;/b&gt; (%3 of %4, %5)</translation>
    </message>
    <message>
        <source>usually %1</source>
        <translation>usually %1</translation>
    </message>
    <message>
        <source>Senders deliver again when the receiver answers too slowly or fails: check the receiver&apos;s response time and errors.</source>
        <translation>Senders deliver again when the receiver answers too slowly or fails: check the receiver&apos;s response time and errors.</translation>
    </message>
    <message>
        <source>See Needs attention for the errors.</source>
        <translation>See Needs attention for the errors.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1: %2 of today&apos;s deliveries are repeats&lt;/b&gt; (%3 of %4; %5).</source>
        <translation>&lt;b&gt;%1: %2 of today&apos;s deliveries are repeats&lt;/b&gt; (%3 of %4; %5).</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Repeats jumped today in %n source(s)&lt;/b&gt; (the usual share is the median of the last days): %1.</source>
        <translation>
            <numerusform>&lt;b&gt;Repeats jumped today in %n source&lt;/b&gt; (the usual share is the median of the last days): %1.</numerusform>
            <numerusform>&lt;b&gt;Repeats jumped today in %n sources&lt;/b&gt; (the usual share is the median of the last days): %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;%1: %2 of the events finished today failed&lt;/b&gt; (%3 of %4; %5).</source>
        <translation>&lt;b&gt;%1: %2 of the events finished today failed&lt;/b&gt; (%3 of %4; %5).</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Failures rose today in %n source(s)&lt;/b&gt; (the usual share is the median of the last days): %1.</source>
        <translation>
            <numerusform>&lt;b&gt;Failures rose today in %n source&lt;/b&gt; (the usual share is the median of the last days): %1.</numerusform>
            <numerusform>&lt;b&gt;Failures rose today in %n sources&lt;/b&gt; (the usual share is the median of the last days): %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>Opens the journal on the waiting (received) events</source>
        <translation>Opens the journal on the waiting (received) events</translation>
    </message>
    <message>
        <source>Opens the journal on the events being processed</source>
        <translation>Opens the journal on the events being processed</translation>
    </message>
    <message>
        <source>Opens Needs attention on the stuck events</source>
        <translation>Opens Needs attention on the stuck events</translation>
    </message>
    <message>
        <source>Opens the longest-due event in the journal</source>
        <translation>Opens the longest-due event in the journal</translation>
    </message>
    <message>
        <source>Click a day to list its events in the journal.</source>
        <translation>Click a day to list its events in the journal.</translation>
    </message>
    <message>
        <source>Enter on a day lists its events in the journal</source>
        <translation>Enter on a day lists its events in the journal</translation>
    </message>
</context>
<context>
    <name>inbox::PollSourcesModel</name>
    <message>
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <source>The events&apos; source, and the API inbox-poller reads for it</source>
        <translation>The events&apos; source, and the API inbox-poller reads for it</translation>
    </message>
    <message>
        <source>State</source>
        <translation>State</translation>
    </message>
    <message>
        <source>Whether its last requests worked</source>
        <translation>Whether its last requests worked</translation>
    </message>
    <message>
        <source>Last success</source>
        <translation>Last success</translation>
    </message>
    <message>
        <source>When a poll last read its whole window and stored it</source>
        <translation>When a poll last read its whole window and stored it</translation>
    </message>
    <message>
        <source>Behind by</source>
        <translation>Behind by</translation>
    </message>
    <message>
        <source>How long ago the end of the last window read is: an order placed since then is not in the inbox yet</source>
        <translation>How long ago the end of the last window read is: an order placed since then is not in the inbox yet</translation>
    </message>
    <message>
        <source>Last poll</source>
        <translation>Last poll</translation>
    </message>
    <message>
        <source>What the last poll read: new events, repeats of events already stored (the windows overlap on purpose), and conflicts (an item changed under the same key, kept for review)</source>
        <translation>What the last poll read: new events, repeats of events already stored (the windows overlap on purpose), and conflicts (an item changed under the same key, kept for review)</translation>
    </message>
    <message>
        <source>Last error</source>
        <translation>Last error</translation>
    </message>
    <message>
        <source>polling</source>
        <translation>polling</translation>
    </message>
    <message numerus="yes">
        <source>failing: %n request(s) in a row</source>
        <translation>
            <numerusform>failing: %n request in a row</numerusform>
            <numerusform>failing: %n requests in a row</numerusform>
        </translation>
    </message>
    <message>
        <source>no poll finished yet</source>
        <translation>no poll finished yet</translation>
    </message>
    <message>
        <source>%1: %2 new, %3 repeats, %4 conflicts</source>
        <translation>%1: %2 new, %3 repeats, %4 conflicts</translation>
    </message>
    <message>
        <source>never</source>
        <translation>never</translation>
    </message>
    <message>
        <source>%1 · HTTP %2: %3</source>
        <translation>%1 · HTTP %2: %3</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1, read by the %2 adapter</source>
        <translation>%1, read by the %2 adapter</translation>
    </message>
    <message>
        <source>Last poll took %1 ms. Since the source was first polled: %2 polls, %3 items, %4 new events, %5 repeats, %6 conflicts.</source>
        <translation>Last poll took %1 ms. Since the source was first polled: %2 polls, %3 items, %4 new events, %5 repeats, %6 conflicts.</translation>
    </message>
    <message>
        <source>stopped: credentials refused</source>
        <translation>stopped: credentials refused</translation>
    </message>
    <message>
        <source>The API refused the poller&apos;s credentials (HTTP 401 or 403). Fix the token or key in inbox-poller&apos;s configuration and restart it: the source polls again from where it stopped.</source>
        <translation>The API refused the poller&apos;s credentials (HTTP 401 or 403). Fix the token or key in inbox-poller&apos;s configuration and restart it: the source polls again from where it stopped.</translation>
    </message>
    <message>
        <source>%1 (at %2)</source>
        <translation>%1 (at %2)</translation>
    </message>
</context>
<context>
    <name>inbox::PollSourcesPanel</name>
    <message>
        <source>Polled sources</source>
        <translation>Polled sources</translation>
    </message>
    <message>
        <source>Polled sources (%1 failing)</source>
        <translation>Polled sources (%1 failing)</translation>
    </message>
    <message>
        <source>No source is polled: inbox-poller has not started with any source yet. Marketplaces and CRMs that send no webhooks are read by it (README, &quot;The pull door&quot;).</source>
        <translation>No source is polled: inbox-poller has not started with any source yet. Marketplaces and CRMs that send no webhooks are read by it (README, &quot;The pull door&quot;).</translation>
    </message>
    <message>
        <source>Sources inbox-poller reads on a schedule. The windows overlap on purpose, so repeats are expected; a failing source is retried with growing pauses, and a stopped one waits for a person.</source>
        <translation>Sources inbox-poller reads on a schedule. The windows overlap on purpose, so repeats are expected; a failing source is retried with growing pauses, and a stopped one waits for a person.</translation>
    </message>
    <message>
        <source>This database user may not read the polled sources: it needs the inbox_support role (or one that includes it).</source>
        <translation>This database user may not read the polled sources: it needs the inbox_support role (or one that includes it).</translation>
    </message>
    <message>
        <source>Could not read the polled sources: %1</source>
        <translation>Could not read the polled sources: %1</translation>
    </message>
</context>
<context>
    <name>inbox::RefusalsModel</name>
    <message>
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <source>The receiver&apos;s source; &quot;(unknown path)&quot; counts requests to an address no source has</source>
        <translation>The receiver&apos;s source; &quot;(unknown path)&quot; counts requests to an address no source has</translation>
    </message>
    <message>
        <source>Refused today</source>
        <translation>Refused today</translation>
    </message>
    <message>
        <source>Deliveries the receivers answered with an error today (UTC), not stored</source>
        <translation>Deliveries the receivers answered with an error today (UTC), not stored</translation>
    </message>
    <message>
        <source>By reason</source>
        <translation>By reason</translation>
    </message>
    <message>
        <source>Last refused</source>
        <translation>Last refused</translation>
    </message>
    <message>
        <source>The latest refusal and its HTTP status</source>
        <translation>The latest refusal and its HTTP status</translation>
    </message>
    <message>
        <source>wrong token</source>
        <translation>wrong token</translation>
    </message>
    <message>
        <source>no token</source>
        <translation>no token</translation>
    </message>
    <message>
        <source>wrong signature</source>
        <translation>wrong signature</translation>
    </message>
    <message>
        <source>no signature</source>
        <translation>no signature</translation>
    </message>
    <message>
        <source>signature too old</source>
        <translation>signature too old</translation>
    </message>
    <message>
        <source>network not allowed</source>
        <translation>network not allowed</translation>
    </message>
    <message>
        <source>wrong secret in the address</source>
        <translation>wrong secret in the address</translation>
    </message>
    <message>
        <source>no secret in the address</source>
        <translation>no secret in the address</translation>
    </message>
    <message>
        <source>too large</source>
        <translation>too large</translation>
    </message>
    <message>
        <source>no event id</source>
        <translation>no event id</translation>
    </message>
    <message>
        <source>unreadable JSON</source>
        <translation>unreadable JSON</translation>
    </message>
    <message>
        <source>unreadable form</source>
        <translation>unreadable form</translation>
    </message>
    <message>
        <source>not a notification</source>
        <translation>not a notification</translation>
    </message>
    <message>
        <source>ambiguous length</source>
        <translation>ambiguous length</translation>
    </message>
    <message>
        <source>refused by the inbox</source>
        <translation>refused by the inbox</translation>
    </message>
    <message>
        <source>unknown adapter</source>
        <translation>unknown adapter</translation>
    </message>
    <message>
        <source>unknown address</source>
        <translation>unknown address</translation>
    </message>
    <message>
        <source>not a POST</source>
        <translation>not a POST</translation>
    </message>
    <message>
        <source>database unavailable</source>
        <translation>database unavailable</translation>
    </message>
    <message>
        <source>other</source>
        <translation>other</translation>
    </message>
    <message>
        <source>%1 (HTTP %2)</source>
        <translation>%1 (HTTP %2)</translation>
    </message>
    <message>
        <source>two Host headers</source>
        <translation>two Host headers</translation>
    </message>
    <message>
        <source>faulty Transfer-Encoding</source>
        <translation>faulty Transfer-Encoding</translation>
    </message>
    <message>
        <source>unsupported transfer coding</source>
        <translation>unsupported transfer coding</translation>
    </message>
    <message>
        <source>receiver&apos;s body memory full</source>
        <translation>receiver&apos;s body memory full</translation>
    </message>
</context>
<context>
    <name>inbox::RefusalsPanel</name>
    <message>
        <source>Refused today, per source</source>
        <translation>Refused today, per source</translation>
    </message>
    <message>
        <source>Refused today</source>
        <translation>Refused today</translation>
    </message>
    <message>
        <source>Refused today (%1)</source>
        <translation>Refused today (%1)</translation>
    </message>
    <message>
        <source>The receivers refused nothing today (UTC).</source>
        <translation>The receivers refused nothing today (UTC).</translation>
    </message>
    <message>
        <source>Deliveries the receivers answered with an error today (UTC) and did not store. The sender&apos;s own retry may still deliver them; many wrong signatures or tokens usually mean a secret was changed on one side only.</source>
        <translation>Deliveries the receivers answered with an error today (UTC) and did not store. The sender&apos;s own retry may still deliver them; many wrong signatures or tokens usually mean a secret was changed on one side only.</translation>
    </message>
    <message>
        <source>This database user may not read the refusal counters: it needs the inbox_support role (or one that includes it).</source>
        <translation>This database user may not read the refusal counters: it needs the inbox_support role (or one that includes it).</translation>
    </message>
    <message>
        <source>Could not read the refusals: %1</source>
        <translation>Could not read the refusals: %1</translation>
    </message>
</context>
<context>
    <name>inbox::ReportChart</name>
    <message>
        <source>Before the inbox</source>
        <translation>Before the inbox</translation>
    </message>
    <message>
        <source>With the inbox</source>
        <translation>With the inbox</translation>
    </message>
    <message>
        <source>Per 30 days</source>
        <translation>Per 30 days</translation>
    </message>
    <message>
        <source>Duplicates</source>
        <translation>Duplicates</translation>
    </message>
    <message>
        <source>Hours</source>
        <translation>Hours</translation>
    </message>
</context>
<context>
    <name>inbox::ReportLoader</name>
    <message>
        <source>The baseline %1 is no longer there (deleted by someone else?).</source>
        <translation>The baseline %1 is no longer there (deleted by someone else?).</translation>
    </message>
</context>
<context>
    <name>inbox::ReportPage</name>
    <message>
        <source>Export &amp;PDF...</source>
        <translation>Export &amp;PDF...</translation>
    </message>
    <message>
        <source>Export &amp;CSV...</source>
        <translation>Export &amp;CSV...</translation>
    </message>
    <message>
        <source>Duplicates before and after the inbox, by source</source>
        <translation>Duplicates before and after the inbox, by source</translation>
    </message>
    <message>
        <source>The baseline&apos;s largest duplicate groups</source>
        <translation>The baseline&apos;s largest duplicate groups</translation>
    </message>
    <message>
        <source>The rows of the selected group</source>
        <translation>The rows of the selected group</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>Baseline</translation>
    </message>
    <message>
        <source> h</source>
        <translation> h</translation>
    </message>
    <message>
        <source>Rows with the same phone or e-mail this close in time are one duplicate group; further apart they are a regular customer</source>
        <translation>Rows with the same phone or e-mail this close in time are one duplicate group; further apart they are a regular customer</translation>
    </message>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <source>A manager&apos;s minutes for each duplicate (the seeds: 5 to 10)</source>
        <translation>A manager&apos;s minutes for each duplicate (the seeds: 5 to 10)</translation>
    </message>
    <message>
        <source>The first day with the inbox to count (UTC)</source>
        <translation>The first day with the inbox to count (UTC)</translation>
    </message>
    <message>
        <source>The last day with the inbox to count (UTC)</source>
        <translation>The last day with the inbox to count (UTC)</translation>
    </message>
    <message>
        <source>Groups by</source>
        <translation>Groups by</translation>
    </message>
    <message>
        <source>All groups</source>
        <translation>All groups</translation>
    </message>
    <message>
        <source>&amp;Baseline:</source>
        <translation>&amp;Baseline:</translation>
    </message>
    <message>
        <source>&amp;Window:</source>
        <translation>&amp;Window:</translation>
    </message>
    <message>
        <source>&amp;Cost:</source>
        <translation>&amp;Cost:</translation>
    </message>
    <message>
        <source>With the inbox &amp;from:</source>
        <translation>With the inbox &amp;from:</translation>
    </message>
    <message>
        <source>&amp;to:</source>
        <translation>&amp;to:</translation>
    </message>
    <message>
        <source>The baseline&apos;s duplicate groups (largest first; select one to check its rows):</source>
        <translation>The baseline&apos;s duplicate groups (largest first; select one to check its rows):</translation>
    </message>
    <message>
        <source>B&amp;y:</source>
        <translation>B&amp;y:</translation>
    </message>
    <message>
        <source>The period ends before it starts.</source>
        <translation>The period ends before it starts.</translation>
    </message>
    <message>
        <source>Counting...</source>
        <translation>Counting...</translation>
    </message>
    <message>
        <source>This login may not read the Report: a manager, or a support login given the inbox_report role, may.</source>
        <translation>This login may not read the Report: a manager, or a support login given the inbox_report role, may.</translation>
    </message>
    <message>
        <source>The report could not be read: %1</source>
        <translation>The report could not be read: %1</translation>
    </message>
    <message>
        <source>Export the report as PDF</source>
        <translation>Export the report as PDF</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>PDF files (*.pdf)</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Export</translation>
    </message>
    <message>
        <source>%1 was not written: %2</source>
        <translation>%1 was not written: %2</translation>
    </message>
    <message>
        <source>Export the report as CSV</source>
        <translation>Export the report as CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV files (*.csv)</translation>
    </message>
    <message>
        <source>&amp;Import an export...</source>
        <translation>&amp;Import an export...</translation>
    </message>
    <message>
        <source>An export from before the inbox (Import an export..., or inbox-console report import)</source>
        <translation>An export from before the inbox (Import an export..., or inbox-console report import)</translation>
    </message>
    <message>
        <source>No baseline yet. Import a month&apos;s CRM export from before the inbox with &quot;Import an export...&quot; (or: inbox-console report import FILE).</source>
        <translation>No baseline yet. Import a month&apos;s CRM export from before the inbox with &quot;Import an export...&quot; (or: inbox-console report import FILE).</translation>
    </message>
    <message>
        <source>Read a month&apos;s CRM export (CSV) from before the inbox and count its duplicates</source>
        <translation>Read a month&apos;s CRM export (CSV) from before the inbox and count its duplicates</translation>
    </message>
    <message>
        <source>Only a manager login imports a baseline</source>
        <translation>Only a manager login imports a baseline</translation>
    </message>
    <message>
        <source>Connect first</source>
        <translation>Connect first</translation>
    </message>
    <message>
        <source>Import a CRM export</source>
        <translation>Import a CRM export</translation>
    </message>
    <message>
        <source>CSV files (*.csv *.txt);;All files (*)</source>
        <translation>CSV files (*.csv *.txt);;All files (*)</translation>
    </message>
</context>
<context>
    <name>inbox::RequeueDialog</name>
    <message>
        <source>Requeue</source>
        <translation>Requeue</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stop</translation>
    </message>
    <message>
        <source>Requeue events</source>
        <translation>Requeue events</translation>
    </message>
    <message>
        <source>Counting %1...</source>
        <translation>Counting %1...</translation>
    </message>
    <message>
        <source>Requeue %1: each event keeps its id, idempotency key, body and history, and is processed again now with a fresh attempt budget.</source>
        <translation>Requeue %1: each event keeps its id, idempotency key, body and history, and is processed again now with a fresh attempt budget.</translation>
    </message>
    <message>
        <source>Why (required; recorded in the journal)</source>
        <translation>Why (required; recorded in the journal)</translation>
    </message>
    <message>
        <source>Reason:</source>
        <translation>Reason:</translation>
    </message>
    <message>
        <source>Stops after the batch that is running; that batch is not undone</source>
        <translation>Stops after the batch that is running; that batch is not undone</translation>
    </message>
    <message>
        <source>Stopping after this batch...</source>
        <translation>Stopping after this batch...</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Event</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Outcome</translation>
    </message>
    <message>
        <source>Collecting the matching events: %1 so far...</source>
        <translation>Collecting the matching events: %1 so far...</translation>
    </message>
    <message>
        <source>Say why: the reason is recorded in the journal</source>
        <translation>Say why: the reason is recorded in the journal</translation>
    </message>
    <message numerus="yes">
        <source>%n event(s) will be requeued.</source>
        <translation>
            <numerusform>%n event will be requeued.</numerusform>
            <numerusform>%n events will be requeued.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n left alone: %1 done, %2 in progress, %3 already queued.</source>
        <translation>
            <numerusform>%n left alone: %1 done, %2 in progress, %3 already queued.</numerusform>
            <numerusform>%n left alone: %1 done, %2 in progress, %3 already queued.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not found.</source>
        <translation>
            <numerusform>%n not found.</numerusform>
            <numerusform>%n not found.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to requeue.</source>
        <translation>Nothing to requeue.</translation>
    </message>
    <message numerus="yes">
        <source>%n of them failed validation (the data was refused): a plain retry will fail again unless the data was fixed.</source>
        <translation>
            <numerusform>%n of them failed validation (the data was refused): a plain retry will fail again unless the data was fixed.</numerusform>
            <numerusform>%n of them failed validation (the data was refused): a plain retry will fail again unless the data was fixed.</numerusform>
        </translation>
    </message>
    <message>
        <source>The database refused to read the events: %1. Nothing was changed.</source>
        <translation>The database refused to read the events: %1. Nothing was changed.</translation>
    </message>
    <message>
        <source>The events could not be counted: %1. Nothing was changed.</source>
        <translation>The events could not be counted: %1. Nothing was changed.</translation>
    </message>
    <message>
        <source>%1 of %2 done, %3 requeued</source>
        <translation>%1 of %2 done, %3 requeued</translation>
    </message>
    <message>
        <source>The database refused the requeue: %1 may not requeue events (the inbox_operator role is needed). Nothing was changed.</source>
        <translation>The database refused the requeue: %1 may not requeue events (the inbox_operator role is needed). Nothing was changed.</translation>
    </message>
    <message>
        <source>this login</source>
        <translation>this login</translation>
    </message>
    <message>
        <source>The connection was lost during the run. The batch that was running was not sent again; the journal was read after reconnecting and the outcome below is what it shows.</source>
        <translation>The connection was lost during the run. The batch that was running was not sent again; the journal was read after reconnecting and the outcome below is what it shows.</translation>
    </message>
    <message>
        <source>The requeue stopped on an error: %1</source>
        <translation>The requeue stopped on an error: %1</translation>
    </message>
    <message>
        <source>Stopped. The batches sent before the stop were applied; the rest was not attempted.</source>
        <translation>Stopped. The batches sent before the stop were applied; the rest was not attempted.</translation>
    </message>
    <message numerus="yes">
        <source>%n event(s) requeued.</source>
        <translation>
            <numerusform>%n event requeued.</numerusform>
            <numerusform>%n events requeued.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>inbox::Requeuer</name>
    <message>
        <source>requeued</source>
        <translation>requeued</translation>
    </message>
    <message>
        <source>left alone: done</source>
        <translation>left alone: done</translation>
    </message>
    <message>
        <source>left alone: in progress</source>
        <translation>left alone: in progress</translation>
    </message>
    <message>
        <source>left alone: already queued</source>
        <translation>left alone: already queued</translation>
    </message>
    <message>
        <source>not found</source>
        <translation>not found</translation>
    </message>
    <message>
        <source>not attempted</source>
        <translation>not attempted</translation>
    </message>
    <message>
        <source>not requeued (connection lost before it applied)</source>
        <translation>not requeued (connection lost before it applied)</translation>
    </message>
    <message>
        <source>unknown (the journal could not be read)</source>
        <translation>unknown (the journal could not be read)</translation>
    </message>
</context>
<context>
    <name>inbox::ReviewDialog</name>
    <message>
        <source>Resolve</source>
        <translation>Resolve</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <source>Resolve review</source>
        <translation>Resolve review</translation>
    </message>
    <message>
        <source>Resolve the review of %1. The flag is cleared and the resolution is recorded in the journal with your name; no body is deleted.</source>
        <translation>Resolve the review of %1. The flag is cleared and the resolution is recorded in the journal with your name; no body is deleted.</translation>
    </message>
    <message>
        <source>&amp;Kept the first body</source>
        <translation>&amp;Kept the first body</translation>
    </message>
    <message>
        <source>The stored body is the event; the other bodies stay stored.</source>
        <translation>The stored body is the event; the other bodies stay stored.</translation>
    </message>
    <message>
        <source>The other body is a &amp;new event</source>
        <translation>The other body is a &amp;new event</translation>
    </message>
    <message>
        <source>Each other body becomes an event of its own, processed like a new delivery; this cannot be undone.</source>
        <translation>Each other body becomes an event of its own, processed like a new delivery; this cannot be undone.</translation>
    </message>
    <message>
        <source>&amp;Handled by hand</source>
        <translation>&amp;Handled by hand</translation>
    </message>
    <message>
        <source>You did what the worker could not; say what in the note.</source>
        <translation>You did what the worker could not; say what in the note.</translation>
    </message>
    <message>
        <source>Only &quot;handled by hand&quot; fits: not every chosen event is a key conflict.</source>
        <translation>Only &quot;handled by hand&quot; fits: not every chosen event is a key conflict.</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Note</translation>
    </message>
    <message>
        <source>What was done (recorded in the journal)</source>
        <translation>What was done (recorded in the journal)</translation>
    </message>
    <message>
        <source>&amp;Note:</source>
        <translation>&amp;Note:</translation>
    </message>
    <message>
        <source>Resolving...</source>
        <translation>Resolving...</translation>
    </message>
    <message>
        <source>Choose what was decided.</source>
        <translation>Choose what was decided.</translation>
    </message>
    <message>
        <source>Say in the note what was done by hand: it is required.</source>
        <translation>Say in the note what was done by hand: it is required.</translation>
    </message>
    <message>
        <source>The database refused: %1 may not resolve reviews (the inbox_operator role is needed). Nothing was changed.</source>
        <translation>The database refused: %1 may not resolve reviews (the inbox_operator role is needed). Nothing was changed.</translation>
    </message>
    <message>
        <source>this login</source>
        <translation>this login</translation>
    </message>
    <message>
        <source>Nothing was changed: %1</source>
        <translation>Nothing was changed: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n resolved</source>
        <translation>
            <numerusform>%n resolved</numerusform>
            <numerusform>%n resolved</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n was no longer flagged</source>
        <translation>
            <numerusform>%n was no longer flagged</numerusform>
            <numerusform>%n were no longer flagged</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n was not a key conflict</source>
        <translation>
            <numerusform>%n was not a key conflict</numerusform>
            <numerusform>%n were not a key conflict</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not found</source>
        <translation>
            <numerusform>%n not found</numerusform>
            <numerusform>%n not found</numerusform>
        </translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Close</translation>
    </message>
    <message numerus="yes">
        <source>the other body is now event %1</source>
        <translation>
            <numerusform>the other body is now event %1</numerusform>
            <numerusform>the other bodies are now events %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>inbox::ScreenGuide</name>
    <message>
        <source>Who may do what</source>
        <translation>Who may do what</translation>
    </message>
    <message>
        <source>Anyone with a login may connect. What the console then lets you do comes from your database roles: &lt;b&gt;inbox_support&lt;/b&gt; reads every screen, &lt;b&gt;inbox_operator&lt;/b&gt; may also requeue events, &lt;b&gt;inbox_manager&lt;/b&gt; may also decide on possible duplicates. Only the schema&apos;s owner may apply migrations. The database enforces all of this itself.</source>
        <translation>Anyone with a login may connect. What the console then lets you do comes from your database roles: &lt;b&gt;inbox_support&lt;/b&gt; reads every screen, &lt;b&gt;inbox_operator&lt;/b&gt; may also requeue events, &lt;b&gt;inbox_manager&lt;/b&gt; may also decide on possible duplicates. Only the schema&apos;s owner may apply migrations. The database enforces all of this itself.</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Overview&lt;/h2&gt;&lt;p&gt;How the inbox is doing, at a glance: today and the last 14 days (UTC days), and what is waiting right now. It updates by itself within seconds.&lt;/p&gt;&lt;h3&gt;Controls&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Source&lt;/b&gt;: all sources, or one: the tiles, charts and the per-day table follow it.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Tiles&lt;/b&gt;: &lt;i&gt;Waiting&lt;/i&gt; (received, not processed yet), &lt;i&gt;Due now&lt;/i&gt; (a worker may take them now), &lt;i&gt;Processing&lt;/i&gt; (held by a worker), &lt;i&gt;Stuck&lt;/i&gt; (a worker&apos;s lock older than the lock timeout, 5 minutes by default), &lt;i&gt;Failed&lt;/i&gt; (waiting for a person on Needs attention), &lt;i&gt;Open duplicates&lt;/i&gt; and &lt;i&gt;Oldest due&lt;/i&gt;. Stuck and failed turn red above zero, the oldest due event after 5 minutes. Hover a tile for its meaning.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Charts&lt;/b&gt;: deliveries per day (new, repeats, conflicts, with the share of repeats as a line) and outcomes per day (done, failed, with the share of failures).&lt;/li&gt;&lt;li&gt;&lt;b&gt;Tables&lt;/b&gt;: &lt;i&gt;Per day&lt;/i&gt; gives the figures behind the charts, &lt;i&gt;Now, per source&lt;/i&gt; the current queue of every source.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;A yellow warning appears when today&apos;s share of repeat deliveries or of failures jumps against the usual level (the median of the earlier days): repeats usually mean the receiver answers too slowly, failures are listed on Needs attention.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Overview&lt;/h2&gt;&lt;p&gt;How the inbox is doing, at a glance: today and the last 14 days (UTC days), and what is waiting right now. It updates by itself within seconds.&lt;/p&gt;&lt;h3&gt;Controls&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Source&lt;/b&gt;: all sources, or one: the tiles, charts and the per-day table follow it.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Tiles&lt;/b&gt;: &lt;i&gt;Waiting&lt;/i&gt; (received, not processed yet), &lt;i&gt;Due now&lt;/i&gt; (a worker may take them now), &lt;i&gt;Processing&lt;/i&gt; (held by a worker), &lt;i&gt;Stuck&lt;/i&gt; (a worker&apos;s lock older than the lock timeout, 5 minutes by default), &lt;i&gt;Failed&lt;/i&gt; (waiting for a person on Needs attention), &lt;i&gt;Open duplicates&lt;/i&gt; and &lt;i&gt;Oldest due&lt;/i&gt;. Stuck and failed turn red above zero, the oldest due event after 5 minutes. Hover a tile for its meaning.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Charts&lt;/b&gt;: deliveries per day (new, repeats, conflicts, with the share of repeats as a line) and outcomes per day (done, failed, with the share of failures).&lt;/li&gt;&lt;li&gt;&lt;b&gt;Tables&lt;/b&gt;: &lt;i&gt;Per day&lt;/i&gt; gives the figures behind the charts, &lt;i&gt;Now, per source&lt;/i&gt; the current queue of every source.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;A yellow warning appears when today&apos;s share of repeat deliveries or of failures jumps against the usual level (the median of the earlier days): repeats usually mean the receiver answers too slowly, failures are listed on Needs attention.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Reading the journal needs the &lt;b&gt;inbox_support&lt;/b&gt; role (or one that includes it). The journal is read-only: requeue events on Needs attention, decide on duplicates on Duplicates.</source>
        <translation>Reading the journal needs the &lt;b&gt;inbox_support&lt;/b&gt; role (or one that includes it). The journal is read-only: requeue events on Needs attention, decide on duplicates on Duplicates.</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Needs attention&lt;/h2&gt;&lt;p&gt;Failed events, stuck events (processing with a lock older than the lock timeout) and events that need a review, grouped by trouble, source and error, so that 300 failures with the same error are one line.&lt;/p&gt;&lt;h3&gt;Controls&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Search&lt;/b&gt; (&lt;b&gt;/&lt;/b&gt; or &lt;b&gt;Ctrl+F&lt;/b&gt;), &lt;b&gt;Source&lt;/b&gt;, &lt;b&gt;Kind&lt;/b&gt; and the time box (&lt;i&gt;Custom...&lt;/i&gt; shows from and to fields) narrow the groups; the filters are kept for the next start, the search is not.&lt;/li&gt;&lt;li&gt;Select a &lt;b&gt;group&lt;/b&gt; to list its events below; select an &lt;b&gt;event&lt;/b&gt; to see its detail on the right (as on the Journal).&lt;/li&gt;&lt;li&gt;&lt;b&gt;Requeue...&lt;/b&gt; offers &lt;i&gt;Selected events&lt;/i&gt;, &lt;i&gt;All events of the selected group&lt;/i&gt; or &lt;i&gt;All events matching the filter&lt;/i&gt;. The dialog first counts how many events will be requeued and how many will be left alone and why, and asks for a reason, which the journal records. It then requeues in batches with a progress bar (&lt;b&gt;Stop&lt;/b&gt; ends after the running batch) and reports the outcome of every event. A requeued event keeps its id, idempotency key, body and history, so nothing is created twice. Ctrl+R requeues the selected events, Ctrl+Shift+R the selected group.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;Events that failed validation may be requeued (the reference data may have been fixed), but the dialog warns that a plain retry will fail again.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Needs attention&lt;/h2&gt;&lt;p&gt;Failed events, stuck events (processing with a lock older than the lock timeout) and events that need a review, grouped by trouble, source and error, so that 300 failures with the same error are one line.&lt;/p&gt;&lt;h3&gt;Controls&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Search&lt;/b&gt; (&lt;b&gt;/&lt;/b&gt; or &lt;b&gt;Ctrl+F&lt;/b&gt;), &lt;b&gt;Source&lt;/b&gt;, &lt;b&gt;Kind&lt;/b&gt; and the time box (&lt;i&gt;Custom...&lt;/i&gt; shows from and to fields) narrow the groups; the filters are kept for the next start, the search is not.&lt;/li&gt;&lt;li&gt;Select a &lt;b&gt;group&lt;/b&gt; to list its events below; select an &lt;b&gt;event&lt;/b&gt; to see its detail on the right (as on the Journal).&lt;/li&gt;&lt;li&gt;&lt;b&gt;Requeue...&lt;/b&gt; offers &lt;i&gt;Selected events&lt;/i&gt;, &lt;i&gt;All events of the selected group&lt;/i&gt; or &lt;i&gt;All events matching the filter&lt;/i&gt;. The dialog first counts how many events will be requeued and how many will be left alone and why, and asks for a reason, which the journal records. It then requeues in batches with a progress bar (&lt;b&gt;Stop&lt;/b&gt; ends after the running batch) and reports the outcome of every event. A requeued event keeps its id, idempotency key, body and history, so nothing is created twice. Ctrl+R requeues the selected events, Ctrl+Shift+R the selected group.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;Events that failed validation may be requeued (the reference data may have been fixed), but the dialog warns that a plain retry will fail again.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Anyone with &lt;b&gt;inbox_support&lt;/b&gt; may look. Requeuing needs &lt;b&gt;inbox_operator&lt;/b&gt; or &lt;b&gt;inbox_manager&lt;/b&gt;; for other users the Requeue button is disabled and says why.</source>
        <translation>Anyone with &lt;b&gt;inbox_support&lt;/b&gt; may look. Requeuing needs &lt;b&gt;inbox_operator&lt;/b&gt; or &lt;b&gt;inbox_manager&lt;/b&gt;; for other users the Requeue button is disabled and says why.</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Duplicates&lt;/h2&gt;&lt;p&gt;Pairs of leads that may be the same request, oldest first, with the counters of open pairs and of decisions taken today. Decide each pair: the same request (merge: lead B is linked to lead A) or a genuinely new one (keep separate).&lt;/p&gt;&lt;h3&gt;Controls&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Search&lt;/b&gt; (&lt;b&gt;/&lt;/b&gt; or &lt;b&gt;Ctrl+F&lt;/b&gt;) by phone, e-mail or external id; &lt;b&gt;channel&lt;/b&gt;, &lt;b&gt;reason&lt;/b&gt; and &lt;b&gt;age&lt;/b&gt; narrow the list.&lt;/li&gt;&lt;li&gt;The pair: lead A (earlier) and lead B (newer) side by side: channel, time, name, phone and e-mail as received and normalised, message and deal, with the matching fields marked, the reasons and the score. Weak evidence is pointed out, and what a merge will do is stated before you decide. A button opens each lead&apos;s event in the Journal.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Merge [M]&lt;/b&gt;, &lt;b&gt;Keep separate [R]&lt;/b&gt;, &lt;b&gt;Skip [S]&lt;/b&gt; (decide later), &lt;b&gt;Undo my last [U]&lt;/b&gt; (your last decision in this session); &lt;b&gt;J&lt;/b&gt; and &lt;b&gt;K&lt;/b&gt; go to the next and previous pair. The note is optional and saved with the decision; Esc leaves the note field.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;If someone else decided the same pair first, their decision is shown and yours is not applied; to change a decision, undo it first.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Duplicates&lt;/h2&gt;&lt;p&gt;Pairs of leads that may be the same request, oldest first, with the counters of open pairs and of decisions taken today. Decide each pair: the same request (merge: lead B is linked to lead A) or a genuinely new one (keep separate).&lt;/p&gt;&lt;h3&gt;Controls&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Search&lt;/b&gt; (&lt;b&gt;/&lt;/b&gt; or &lt;b&gt;Ctrl+F&lt;/b&gt;) by phone, e-mail or external id; &lt;b&gt;channel&lt;/b&gt;, &lt;b&gt;reason&lt;/b&gt; and &lt;b&gt;age&lt;/b&gt; narrow the list.&lt;/li&gt;&lt;li&gt;The pair: lead A (earlier) and lead B (newer) side by side: channel, time, name, phone and e-mail as received and normalised, message and deal, with the matching fields marked, the reasons and the score. Weak evidence is pointed out, and what a merge will do is stated before you decide. A button opens each lead&apos;s event in the Journal.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Merge [M]&lt;/b&gt;, &lt;b&gt;Keep separate [R]&lt;/b&gt;, &lt;b&gt;Skip [S]&lt;/b&gt; (decide later), &lt;b&gt;Undo my last [U]&lt;/b&gt; (your last decision in this session); &lt;b&gt;J&lt;/b&gt; and &lt;b&gt;K&lt;/b&gt; go to the next and previous pair. The note is optional and saved with the decision; Esc leaves the note field.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;If someone else decided the same pair first, their decision is shown and yours is not applied; to change a decision, undo it first.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Anyone with &lt;b&gt;inbox_support&lt;/b&gt; may look. Deciding and undoing need &lt;b&gt;inbox_manager&lt;/b&gt;; for other users the decision buttons are disabled.</source>
        <translation>Anyone with &lt;b&gt;inbox_support&lt;/b&gt; may look. Deciding and undoing need &lt;b&gt;inbox_manager&lt;/b&gt;; for other users the decision buttons are disabled.</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Audit&lt;/h2&gt;&lt;p&gt;Every action a person took, newest first: requeues, merges, pairs kept separate, undone decisions and prunes, with who, when, on how many events and the reason or note given.&lt;/p&gt;&lt;h3&gt;Controls&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Person&lt;/b&gt;, &lt;b&gt;Action&lt;/b&gt; and the time box filter the list; &lt;i&gt;Between...&lt;/i&gt; shows from and to fields.&lt;/li&gt;&lt;li&gt;Select an action to list the events it touched below, with their status now. Click an event, or select it and press &lt;b&gt;Open in journal&lt;/b&gt;, to read it on the Journal.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;The person is the database user who acted: the console cannot write another name.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Audit&lt;/h2&gt;&lt;p&gt;Every action a person took, newest first: requeues, merges, pairs kept separate, undone decisions and prunes, with who, when, on how many events and the reason or note given.&lt;/p&gt;&lt;h3&gt;Controls&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Person&lt;/b&gt;, &lt;b&gt;Action&lt;/b&gt; and the time box filter the list; &lt;i&gt;Between...&lt;/i&gt; shows from and to fields.&lt;/li&gt;&lt;li&gt;Select an action to list the events it touched below, with their status now. Click an event, or select it and press &lt;b&gt;Open in journal&lt;/b&gt;, to read it on the Journal.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;The person is the database user who acted: the console cannot write another name.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Reading the audit needs the &lt;b&gt;inbox_support&lt;/b&gt; role (or one that includes it). Nothing here changes data.</source>
        <translation>Reading the audit needs the &lt;b&gt;inbox_support&lt;/b&gt; role (or one that includes it). Nothing here changes data.</translation>
    </message>
    <message>
        <source>&lt;p&gt;Every figure leads to what it counts, of the source chosen: click a tile (or Tab to it and press Enter or Space). &lt;b&gt;Waiting&lt;/b&gt; and &lt;b&gt;Due now&lt;/b&gt; open the journal on the waiting (received) events, &lt;b&gt;Processing&lt;/b&gt; on the events being processed, &lt;b&gt;Stuck&lt;/b&gt; and &lt;b&gt;Failed&lt;/b&gt; open Needs attention on the stuck or the failed events, &lt;b&gt;Oldest due&lt;/b&gt; opens that event in the journal and &lt;b&gt;Open duplicates&lt;/b&gt; the Duplicates screen. A day&apos;s bar, or its row in &lt;i&gt;Per day&lt;/i&gt; (a click, or Enter), opens the journal on that UTC day and source. Hover a bar for its day and count.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Every figure leads to what it counts, of the source chosen: click a tile (or Tab to it and press Enter or Space). &lt;b&gt;Waiting&lt;/b&gt; and &lt;b&gt;Due now&lt;/b&gt; open the journal on the waiting (received) events, &lt;b&gt;Processing&lt;/b&gt; on the events being processed, &lt;b&gt;Stuck&lt;/b&gt; and &lt;b&gt;Failed&lt;/b&gt; open Needs attention on the stuck or the failed events, &lt;b&gt;Oldest due&lt;/b&gt; opens that event in the journal and &lt;b&gt;Open duplicates&lt;/b&gt; the Duplicates screen. A day&apos;s bar, or its row in &lt;i&gt;Per day&lt;/i&gt; (a click, or Enter), opens the journal on that UTC day and source. Hover a bar for its day and count.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Copy link&lt;/b&gt; (Ctrl+Shift+L, Edit menu, the detail pane&apos;s button or its right-click menu; also for a pair on Duplicates and an entry on Audit) puts a link such as &lt;code&gt;inbox-console://open?profile=prod&amp;amp;event=42&lt;/code&gt; on the clipboard. A colleague opens it with &lt;code&gt;inbox-console --open LINK&lt;/code&gt; or a click where the desktop knows the program: it connects with the saved connection profile of that name (asking on Connect for what is missing) and shows the same place.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Copy link&lt;/b&gt; (Ctrl+Shift+L, Edit menu, the detail pane&apos;s button or its right-click menu; also for a pair on Duplicates and an entry on Audit) puts a link such as &lt;code&gt;inbox-console://open?profile=prod&amp;amp;event=42&lt;/code&gt; on the clipboard. A colleague opens it with &lt;code&gt;inbox-console --open LINK&lt;/code&gt; or a click where the desktop knows the program: it connects with the saved connection profile of that name (asking on Connect for what is missing) and shows the same place.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Handlers&lt;/b&gt; (the last table) lists where inbox-dispatcher hands the events on: each handler&apos;s state (delivering, its breaker open after failures, waiting as the handler asked, paused), the figures of its latest 1,000 requests and its last error. &lt;b&gt;Pause&lt;/b&gt; stops sending to the selected handler: its events wait as they are, nothing fails and nothing is dropped, until someone presses &lt;b&gt;Resume&lt;/b&gt;. Both ask for a reason, which the journal keeps with your name. A handler that answered 410 Gone is paused the same way until resumed.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Handlers&lt;/b&gt; (the last table) lists where inbox-dispatcher hands the events on: each handler&apos;s state (delivering, its breaker open after failures, waiting as the handler asked, paused), the figures of its latest 1,000 requests and its last error. &lt;b&gt;Pause&lt;/b&gt; stops sending to the selected handler: its events wait as they are, nothing fails and nothing is dropped, until someone presses &lt;b&gt;Resume&lt;/b&gt;. Both ask for a reason, which the journal keeps with your name. A handler that answered 410 Gone is paused the same way until resumed.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Reading the overview needs the &lt;b&gt;inbox_support&lt;/b&gt; role (or inbox_operator or inbox_manager, which include it). Pausing and resuming a handler needs &lt;b&gt;inbox_operator&lt;/b&gt;; nothing else here changes data.</source>
        <translation>Reading the overview needs the &lt;b&gt;inbox_support&lt;/b&gt; role (or inbox_operator or inbox_manager, which include it). Pausing and resuming a handler needs &lt;b&gt;inbox_operator&lt;/b&gt;; nothing else here changes data.</translation>
    </message>
    <message>
        <source>&lt;p&gt;The detail&apos;s last tab, &lt;i&gt;Handler&lt;/i&gt;, lists each request inbox-dispatcher made to hand the event to the team&apos;s handler: when, to which handler, the attempt, the HTTP status (or no answer), how long it took, what became of the event, and the first bytes of the answer or the error. Every attempt carried the same Idempotency-Key.&lt;/p&gt;</source>
        <translation>&lt;p&gt;The detail&apos;s last tab, &lt;i&gt;Handler&lt;/i&gt;, lists each request inbox-dispatcher made to hand the event to the team&apos;s handler: when, to which handler, the attempt, the HTTP status (or no answer), how long it took, what became of the event, and the first bytes of the answer or the error. Every attempt carried the same Idempotency-Key.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Inbox Console&lt;/h2&gt;&lt;p&gt;Choose a screen with its tab or Alt+1 to Alt+7, then press F1 for its guide. Help &gt; Keyboard shortcuts lists every key.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Inbox Console&lt;/h2&gt;&lt;p&gt;Choose a screen with its tab or Alt+1 to Alt+7, then press F1 for its guide. Help &gt; Keyboard shortcuts lists every key.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Report&lt;/h2&gt;&lt;p&gt;How many duplicates the shop had before the inbox, and how many reach a person now. The &lt;b&gt;baseline&lt;/b&gt; is a month&apos;s export of leads or deals from the CRM, from before the inbox, imported with &lt;b&gt;Import an export&lt;/b&gt;: Bitrix24 and amoCRM exports are recognised as they are; for any other CSV choose which column holds the external id, the time, the phones and so on, and the preview shows the first records as that choice reads them. Every line that cannot be read is listed after the import, and a mapping made by hand is remembered for the next file with the same columns (the command line: &lt;code&gt;inbox-console report import FILE&lt;/code&gt;). Its duplicates are the rows beyond the first of a group: the same external id, or the same phone or e-mail (normalized as the inbox normalizes them) within the &lt;b&gt;window&lt;/b&gt;. Rows further apart are a regular customer&apos;s next order, not a duplicate.&lt;/p&gt;&lt;p&gt;&lt;b&gt;With the inbox&lt;/b&gt; counts the chosen days from the inbox itself: deliveries, the repeats it absorbed (duplicates that no longer reach anyone), the possible duplicates it flagged for a manager and what became of them, what the receivers refused and what failed. The chart and the summary put both per 30 days and price each duplicate a person handles at the &lt;b&gt;cost&lt;/b&gt; in minutes.&lt;/p&gt;&lt;p&gt;Below, the baseline&apos;s largest groups: select one to read its rows, and check a sample before believing the figure. Nothing is merged or deleted from a report. &lt;b&gt;Export PDF&lt;/b&gt; writes the report for an owner who has never seen the console; &lt;b&gt;Export CSV&lt;/b&gt; the table for a spreadsheet.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Report&lt;/h2&gt;&lt;p&gt;How many duplicates the shop had before the inbox, and how many reach a person now. The &lt;b&gt;baseline&lt;/b&gt; is a month&apos;s export of leads or deals from the CRM, from before the inbox, imported with &lt;b&gt;Import an export&lt;/b&gt;: Bitrix24 and amoCRM exports are recognised as they are; for any other CSV choose which column holds the external id, the time, the phones and so on, and the preview shows the first records as that choice reads them. Every line that cannot be read is listed after the import, and a mapping made by hand is remembered for the next file with the same columns (the command line: &lt;code&gt;inbox-console report import FILE&lt;/code&gt;). Its duplicates are the rows beyond the first of a group: the same external id, or the same phone or e-mail (normalized as the inbox normalizes them) within the &lt;b&gt;window&lt;/b&gt;. Rows further apart are a regular customer&apos;s next order, not a duplicate.&lt;/p&gt;&lt;p&gt;&lt;b&gt;With the inbox&lt;/b&gt; counts the chosen days from the inbox itself: deliveries, the repeats it absorbed (duplicates that no longer reach anyone), the possible duplicates it flagged for a manager and what became of them, what the receivers refused and what failed. The chart and the summary put both per 30 days and price each duplicate a person handles at the &lt;b&gt;cost&lt;/b&gt; in minutes.&lt;/p&gt;&lt;p&gt;Below, the baseline&apos;s largest groups: select one to read its rows, and check a sample before believing the figure. Nothing is merged or deleted from a report. &lt;b&gt;Export PDF&lt;/b&gt; writes the report for an owner who has never seen the console; &lt;b&gt;Export CSV&lt;/b&gt; the table for a spreadsheet.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Managers import baselines (and delete them, from the command line) and read the Report; a support login given the inbox_report role reads it too. Operators do not see its figures.</source>
        <translation>Managers import baselines (and delete them, from the command line) and read the Report; a support login given the inbox_report role reads it too. Operators do not see its figures.</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Journal&lt;/h2&gt;&lt;p&gt;Every event, newest first, and everything that happened to it. Use it to answer &quot;what happened to order 12345?&quot;.&lt;/p&gt;&lt;h3&gt;Controls&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Search&lt;/b&gt; (&lt;b&gt;/&lt;/b&gt; or &lt;b&gt;Ctrl+F&lt;/b&gt;): an external id, an idempotency key or an event id, or a customer&apos;s phone, e-mail or name. Exact matches come first, then external ids and keys that start with the text, then the events whose lead has that phone (written any way: +7 (916) 123-45-67 and 89161234567 are one number) or e-mail (in any case), or a name that starts with the text (in any case). An external id whose event was removed by retention is still found: its kept key is a row with the status &quot;pruned&quot; whose detail shows what was kept. Enter searches at once; Esc cancels a slow search or moves to the table.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Source&lt;/b&gt;, &lt;b&gt;Status&lt;/b&gt;, &lt;b&gt;Kind&lt;/b&gt;: tick one or more values; none ticked means all. The time box limits when the event was received; &lt;i&gt;Custom...&lt;/i&gt; shows from and to fields. &lt;b&gt;Needs review&lt;/b&gt; keeps only the events a person should look at. &lt;b&gt;Clear filters&lt;/b&gt; resets them all. The filters are kept for the next start; the search is not.&lt;/li&gt;&lt;li&gt;&lt;b&gt;The table&lt;/b&gt; reads more rows as you scroll, through any number of events. Click a column header to sort by it where the column allows. When new events arrive the list does not jump: a bar says how many are new and &lt;b&gt;Show&lt;/b&gt; brings them in. A slow query shows a bar with &lt;b&gt;Cancel&lt;/b&gt;.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Copying&lt;/b&gt;: Ctrl+C copies the selected rows (tab-separated, for a spreadsheet); the right-click menu copies an event id, external id or idempotency key, and so do Ctrl+Shift+C, Ctrl+Shift+E and Ctrl+Shift+K for the current row. &lt;b&gt;Export CSV...&lt;/b&gt; (Ctrl+E) writes every event the search and filters match to a file.&lt;/li&gt;&lt;li&gt;&lt;b&gt;The detail pane&lt;/b&gt; shows the selected event: &lt;i&gt;Body&lt;/i&gt; (decoded JSON, form fields, text or hex; &lt;i&gt;Save whole body...&lt;/i&gt;), &lt;i&gt;Deliveries&lt;/i&gt; (every delivery, with the differing body of a conflict), &lt;i&gt;Timeline&lt;/i&gt; (the journal entries), &lt;i&gt;Actions&lt;/i&gt; (outgoing calls with their operation keys and results) and &lt;i&gt;Lead&lt;/i&gt; (the lead and its possible duplicates). The copy buttons put the id, external id or key on the clipboard.&lt;/li&gt;&lt;/ul&gt;</source>
        <translation>&lt;h2&gt;Journal&lt;/h2&gt;&lt;p&gt;Every event, newest first, and everything that happened to it. Use it to answer &quot;what happened to order 12345?&quot;.&lt;/p&gt;&lt;h3&gt;Controls&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Search&lt;/b&gt; (&lt;b&gt;/&lt;/b&gt; or &lt;b&gt;Ctrl+F&lt;/b&gt;): an external id, an idempotency key or an event id, or a customer&apos;s phone, e-mail or name. Exact matches come first, then external ids and keys that start with the text, then the events whose lead has that phone (written any way: +7 (916) 123-45-67 and 89161234567 are one number) or e-mail (in any case), or a name that starts with the text (in any case). An external id whose event was removed by retention is still found: its kept key is a row with the status &quot;pruned&quot; whose detail shows what was kept. Enter searches at once; Esc cancels a slow search or moves to the table.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Source&lt;/b&gt;, &lt;b&gt;Status&lt;/b&gt;, &lt;b&gt;Kind&lt;/b&gt;: tick one or more values; none ticked means all. The time box limits when the event was received; &lt;i&gt;Custom...&lt;/i&gt; shows from and to fields. &lt;b&gt;Needs review&lt;/b&gt; keeps only the events a person should look at. &lt;b&gt;Clear filters&lt;/b&gt; resets them all. The filters are kept for the next start; the search is not.&lt;/li&gt;&lt;li&gt;&lt;b&gt;The table&lt;/b&gt; reads more rows as you scroll, through any number of events. Click a column header to sort by it where the column allows. When new events arrive the list does not jump: a bar says how many are new and &lt;b&gt;Show&lt;/b&gt; brings them in. A slow query shows a bar with &lt;b&gt;Cancel&lt;/b&gt;.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Copying&lt;/b&gt;: Ctrl+C copies the selected rows (tab-separated, for a spreadsheet); the right-click menu copies an event id, external id or idempotency key, and so do Ctrl+Shift+C, Ctrl+Shift+E and Ctrl+Shift+K for the current row. &lt;b&gt;Export CSV...&lt;/b&gt; (Ctrl+E) writes every event the search and filters match to a file.&lt;/li&gt;&lt;li&gt;&lt;b&gt;The detail pane&lt;/b&gt; shows the selected event: &lt;i&gt;Body&lt;/i&gt; (decoded JSON, form fields, text or hex; &lt;i&gt;Save whole body...&lt;/i&gt;), &lt;i&gt;Deliveries&lt;/i&gt; (every delivery, with the differing body of a conflict), &lt;i&gt;Timeline&lt;/i&gt; (the journal entries), &lt;i&gt;Actions&lt;/i&gt; (outgoing calls with their operation keys and results) and &lt;i&gt;Lead&lt;/i&gt; (the lead and its possible duplicates). The copy buttons put the id, external id or key on the clipboard.&lt;/li&gt;&lt;/ul&gt;</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Connect&lt;/h2&gt;&lt;p&gt;Where the console connects, and what the connection turned out to be. The other screens open once you are connected to a database whose inbox schema matches this program.&lt;/p&gt;&lt;h3&gt;Controls&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Profile&lt;/b&gt;: pick a saved connection. To save the current connection string, type a name and press &lt;b&gt;Save profile&lt;/b&gt;; &lt;b&gt;Delete profile&lt;/b&gt; removes the one named. A profile never holds a password: one found in the string is taken out when saving and kept in memory only.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Connection string&lt;/b&gt;: libpq&apos;s form: &lt;code&gt;host=... port=... dbname=... user=... sslmode=...&lt;/code&gt;, a &lt;code&gt;postgresql://&lt;/code&gt; URI, or &lt;code&gt;service=NAME&lt;/code&gt;. What is left out comes from the PG* environment variables, the service file and &lt;code&gt;~/.pgpass&lt;/code&gt;, as with psql.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Read from&lt;/b&gt; (optional): a hot standby for the screens to read from, e.g. &lt;code&gt;host=db2&lt;/code&gt;; what it leaves out comes from the connection string. Every action still goes to the connection string&apos;s server. While the standby does not answer, reads go there too, unless &lt;code&gt;target_session_attrs&lt;/code&gt; is given here. The status bar shows where reads come from and the standby&apos;s lag.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Password&lt;/b&gt;: only when neither &lt;code&gt;~/.pgpass&lt;/code&gt; nor the service file has it. It is kept in memory only, never saved or logged.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Connect&lt;/b&gt; (or Enter in either field) connects; &lt;b&gt;Cancel&lt;/b&gt; stops an attempt that takes long. A failure says what to do next.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;The &lt;b&gt;Connection&lt;/b&gt; box shows the server version, database, address, the user and their inbox roles, whether the connection is encrypted, and the schema version. When the schema is missing or older than this program, the user who owns it gets a button that applies the pending migrations; anyone else is told whom to ask and which command to run. A schema newer than this program keeps the other screens closed: use a newer Inbox Console.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Connect&lt;/h2&gt;&lt;p&gt;Where the console connects, and what the connection turned out to be. The other screens open once you are connected to a database whose inbox schema matches this program.&lt;/p&gt;&lt;h3&gt;Controls&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Profile&lt;/b&gt;: pick a saved connection. To save the current connection string, type a name and press &lt;b&gt;Save profile&lt;/b&gt;; &lt;b&gt;Delete profile&lt;/b&gt; removes the one named. A profile never holds a password: one found in the string is taken out when saving and kept in memory only.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Connection string&lt;/b&gt;: libpq&apos;s form: &lt;code&gt;host=... port=... dbname=... user=... sslmode=...&lt;/code&gt;, a &lt;code&gt;postgresql://&lt;/code&gt; URI, or &lt;code&gt;service=NAME&lt;/code&gt;. What is left out comes from the PG* environment variables, the service file and &lt;code&gt;~/.pgpass&lt;/code&gt;, as with psql.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Read from&lt;/b&gt; (optional): a hot standby for the screens to read from, e.g. &lt;code&gt;host=db2&lt;/code&gt;; what it leaves out comes from the connection string. Every action still goes to the connection string&apos;s server. While the standby does not answer, reads go there too, unless &lt;code&gt;target_session_attrs&lt;/code&gt; is given here. The status bar shows where reads come from and the standby&apos;s lag.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Password&lt;/b&gt;: only when neither &lt;code&gt;~/.pgpass&lt;/code&gt; nor the service file has it. It is kept in memory only, never saved or logged.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Connect&lt;/b&gt; (or Enter in either field) connects; &lt;b&gt;Cancel&lt;/b&gt; stops an attempt that takes long. A failure says what to do next.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;The &lt;b&gt;Connection&lt;/b&gt; box shows the server version, database, address, the user and their inbox roles, whether the connection is encrypted, and the schema version. When the schema is missing or older than this program, the user who owns it gets a button that applies the pending migrations; anyone else is told whom to ask and which command to run. A schema newer than this program keeps the other screens closed: use a newer Inbox Console.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>inbox::Session</name>
    <message>
        <source>connection attempt cancelled</source>
        <translation>connection attempt cancelled</translation>
    </message>
</context>
<context>
    <name>inbox::SettingsDialog</name>
    <message>
        <source>&amp;Reset window layout and filters</source>
        <translation>&amp;Reset window layout and filters</translation>
    </message>
    <message>
        <source>Restart &amp;now</source>
        <translation>Restart &amp;now</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Settings</translation>
    </message>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Language</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Light</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dark</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>Theme</translation>
    </message>
    <message>
        <source>Trace (everything)</source>
        <translation>Trace (everything)</translation>
    </message>
    <message>
        <source>Debug</source>
        <translation>Debug</translation>
    </message>
    <message>
        <source>Info (default)</source>
        <translation>Info (default)</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>Warnings</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>Errors</translation>
    </message>
    <message>
        <source>Log level</source>
        <translation>Log level</translation>
    </message>
    <message>
        <source>Reset window layout and filters</source>
        <translation>Reset window layout and filters</translation>
    </message>
    <message>
        <source>Restart now</source>
        <translation>Restart now</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Language:</translation>
    </message>
    <message>
        <source>The screens are built in one language: a change applies after a restart.</source>
        <translation>The screens are built in one language: a change applies after a restart.</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>&amp;Theme:</translation>
    </message>
    <message>
        <source>Log le&amp;vel:</source>
        <translation>Log le&amp;vel:</translation>
    </message>
    <message>
        <source>Debug and trace write much more to the log file; use them while investigating a problem.</source>
        <translation>Debug and trace write much more to the log file; use them while investigating a problem.</translation>
    </message>
    <message>
        <source>Forgets the window&apos;s size, splitters, columns and every screen&apos;s remembered filters. The window opens with the built-in layout at the next start.</source>
        <translation>Forgets the window&apos;s size, splitters, columns and every screen&apos;s remembered filters. The window opens with the built-in layout at the next start.</translation>
    </message>
</context>
<context>
    <name>inbox::ShortcutList</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Keyboard shortcuts</translation>
    </message>
    <message>
        <source>Read from the program itself. Screen keys work while that screen is shown; single letters do not act while you type in a text field. Alt with an underlined letter presses a button or opens a menu.</source>
        <translation>Read from the program itself. Screen keys work while that screen is shown; single letters do not act while you type in a text field. Alt with an underlined letter presses a button or opens a menu.</translation>
    </message>
    <message>
        <source>Everywhere</source>
        <translation>Everywhere</translation>
    </message>
    <message>
        <source>%1 screen</source>
        <translation>%1 screen</translation>
    </message>
</context>
<context>
    <name>inbox::TimeRangeFilter</name>
    <message>
        <source>Any time</source>
        <translation>Any time</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>Last hour</translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation>Last 24 hours</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>Last 7 days</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>Last 30 days</translation>
    </message>
    <message>
        <source>Custom...</source>
        <translation>Custom...</translation>
    </message>
    <message>
        <source>Time range</source>
        <translation>Time range</translation>
    </message>
    <message>
        <source>From</source>
        <translation>From</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>Before</translation>
    </message>
    <message>
        <source>When the event was received</source>
        <translation>When the event was received</translation>
    </message>
    <message>
        <source>Received from (inclusive)</source>
        <translation>Received from (inclusive)</translation>
    </message>
    <message>
        <source>Received before</source>
        <translation>Received before</translation>
    </message>
</context>
<context>
    <name>inbox::cli</name>
    <message>
        <source>there is no baseline %1</source>
        <translation>there is no baseline %1</translation>
    </message>
    <message>
        <source>Baseline %1 &quot;%2&quot;: %3 rows from %4 (%5), %6 unreadable lines, %7 .. %8 (UTC), imported by %9</source>
        <translation>Baseline %1 &quot;%2&quot;: %3 rows from %4 (%5), %6 unreadable lines, %7 .. %8 (UTC), imported by %9</translation>
    </message>
    <message>
        <source>Duplicates within %1 hours (the rows beyond the first of each group):</source>
        <translation>Duplicates within %1 hours (the rows beyond the first of each group):</translation>
    </message>
    <message>
        <source>source</source>
        <translation>source</translation>
    </message>
    <message>
        <source>rows</source>
        <translation>rows</translation>
    </message>
    <message>
        <source>by external id</source>
        <translation>by external id</translation>
    </message>
    <message>
        <source>by phone</source>
        <translation>by phone</translation>
    </message>
    <message>
        <source>by e-mail</source>
        <translation>by e-mail</translation>
    </message>
    <message>
        <source>duplicates</source>
        <translation>duplicates</translation>
    </message>
    <message>
        <source>share</source>
        <translation>share</translation>
    </message>
    <message>
        <source>total</source>
        <translation>total</translation>
    </message>
    <message>
        <source>--map takes FIELD=COLUMN, FIELD one of source, external_id, created_at, phone, email, name; got %1</source>
        <translation>--map takes FIELD=COLUMN, FIELD one of source, external_id, created_at, phone, email, name; got %1</translation>
    </message>
    <message>
        <source>the file has no column &quot;%1&quot;</source>
        <translation>the file has no column &quot;%1&quot;</translation>
    </message>
    <message>
        <source>no column for: %1 (map them with --map FIELD=COLUMN, or give --source NAME)</source>
        <translation>no column for: %1 (map them with --map FIELD=COLUMN, or give --source NAME)</translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>line %1: %2</translation>
    </message>
    <message>
        <source>%1: %2 rows read, %3 unreadable lines</source>
        <translation>%1: %2 rows read, %3 unreadable lines</translation>
    </message>
    <message>
        <source>no row could be read, nothing was stored</source>
        <translation>no row could be read, nothing was stored</translation>
    </message>
    <message>
        <source>give --baseline ID --from YYYY-MM-DD --to YYYY-MM-DD</source>
        <translation>give --baseline ID --from YYYY-MM-DD --to YYYY-MM-DD</translation>
    </message>
    <message>
        <source>Baseline %1 against the inbox, UTC days %2 .. %3:</source>
        <translation>Baseline %1 against the inbox, UTC days %2 .. %3:</translation>
    </message>
    <message>
        <source>baseline rows</source>
        <translation>baseline rows</translation>
    </message>
    <message>
        <source>baseline duplicates</source>
        <translation>baseline duplicates</translation>
    </message>
    <message>
        <source>deliveries</source>
        <translation>deliveries</translation>
    </message>
    <message>
        <source>repeats absorbed</source>
        <translation>repeats absorbed</translation>
    </message>
    <message>
        <source>conflicts</source>
        <translation>conflicts</translation>
    </message>
    <message>
        <source>possible duplicates flagged</source>
        <translation>possible duplicates flagged</translation>
    </message>
    <message>
        <source>merged</source>
        <translation>merged</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>rejected</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>refused</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>failed</translation>
    </message>
    <message>
        <source>Refused and failed, by reason:</source>
        <translation>Refused and failed, by reason:</translation>
    </message>
    <message>
        <source>what</source>
        <translation>what</translation>
    </message>
    <message>
        <source>reason</source>
        <translation>reason</translation>
    </message>
    <message>
        <source>count</source>
        <translation>count</translation>
    </message>
    <message>
        <source>error</source>
        <translation>error</translation>
    </message>
    <message>
        <source>written: %1</source>
        <translation>written: %1</translation>
    </message>
    <message>
        <source>The Report from the command line.

  report import FILE   read a CRM export (CSV), list the lines it cannot read,
                       store it as a baseline and print its duplicates
  report compare       print a baseline and the inbox&apos;s figures of a period
                       side by side</source>
        <translation>The Report from the command line.

  report import FILE   read a CRM export (CSV), list the lines it cannot read,
                       store it as a baseline and print its duplicates
  report compare       print a baseline and the inbox&apos;s figures of a period
                       side by side</translation>
    </message>
    <message>
        <source>Connect to CONNINFO.</source>
        <translation>Connect to CONNINFO.</translation>
    </message>
    <message>
        <source>import: the baseline&apos;s name (default: the file&apos;s).</source>
        <translation>import: the baseline&apos;s name (default: the file&apos;s).</translation>
    </message>
    <message>
        <source>import: the layout&apos;s name stored with the baseline (default: the recognised one).</source>
        <translation>import: the layout&apos;s name stored with the baseline (default: the recognised one).</translation>
    </message>
    <message>
        <source>import: take FIELD (source, external_id, created_at, phone, email, name) from the column named COLUMN; repeat for each field.</source>
        <translation>import: take FIELD (source, external_id, created_at, phone, email, name) from the column named COLUMN; repeat for each field.</translation>
    </message>
    <message>
        <source>import: the source of every row, when no column has it.</source>
        <translation>import: the source of every row, when no column has it.</translation>
    </message>
    <message>
        <source>The duplicate window in hours (default 24).</source>
        <translation>The duplicate window in hours (default 24).</translation>
    </message>
    <message>
        <source>compare: the baseline&apos;s id.</source>
        <translation>compare: the baseline&apos;s id.</translation>
    </message>
    <message>
        <source>compare: the first UTC day of the period.</source>
        <translation>compare: the first UTC day of the period.</translation>
    </message>
    <message>
        <source>compare: the last UTC day of the period.</source>
        <translation>compare: the last UTC day of the period.</translation>
    </message>
    <message>
        <source>compare: also write the table to FILE as CSV.</source>
        <translation>compare: also write the table to FILE as CSV.</translation>
    </message>
    <message>
        <source>Language of the output: en or ru.</source>
        <translation>Language of the output: en or ru.</translation>
    </message>
    <message>
        <source>import FILE, or compare</source>
        <translation>import FILE, or compare</translation>
    </message>
    <message>
        <source>--window takes hours, 1 to 2160</source>
        <translation>--window takes hours, 1 to 2160</translation>
    </message>
    <message>
        <source>use: report import FILE, or report compare (try report --help)</source>
        <translation>use: report import FILE, or report compare (try report --help)</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Console for the shared inbox database.

The database is given the libpq way: --db with a connection string (key=value or postgresql:// URI, service=NAME), or the PG* environment variables (PGHOST, PGDATABASE, PGUSER, PGSERVICE...). Passwords come from ~/.pgpass or the service file, never from settings.</source>
        <translation>Console for the shared inbox database.

The database is given the libpq way: --db with a connection string (key=value or postgresql:// URI, service=NAME), or the PG* environment variables (PGHOST, PGDATABASE, PGUSER, PGSERVICE...). Passwords come from ~/.pgpass or the service file, never from settings.</translation>
    </message>
    <message>
        <source>Connect to CONNINFO.</source>
        <translation>Connect to CONNINFO.</translation>
    </message>
    <message>
        <source>Connect, check the schema version and exit (0 when the database is ready).</source>
        <translation>Connect, check the schema version and exit (0 when the database is ready).</translation>
    </message>
    <message>
        <source>Interface language: en or ru (default: the system&apos;s).</source>
        <translation>Interface language: en or ru (default: the system&apos;s).</translation>
    </message>
    <message>
        <source>Once connected, save a picture of every screen into DIR and exit.</source>
        <translation>Once connected, save a picture of every screen into DIR and exit.</translation>
    </message>
    <message>
        <source>Open LINK (inbox-console://open?..., from Copy link) at its place, connecting with the saved connection profile it names.</source>
        <translation>Open LINK (inbox-console://open?..., from Copy link) at its place, connecting with the saved connection profile it names.</translation>
    </message>
    <message>
        <source>migrate: apply pending schema migrations and exit. report: the Report (see report --help).</source>
        <translation>migrate: apply pending schema migrations and exit. report: the Report (see report --help).</translation>
    </message>
    <message>
        <source>With --db: the screens read from this hot standby (a connection string; keys it leaves out come from --db); every action still goes to --db.</source>
        <translation>With --db: the screens read from this hot standby (a connection string; keys it leaves out come from --db); every action still goes to --db.</translation>
    </message>
</context>
</TS>
