<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
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
        <source>&amp;About Inbox Console</source>
        <translation>&amp;About Inbox Console</translation>
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
        <source>About Inbox Console</source>
        <translation>About Inbox Console</translation>
    </message>
    <message>
        <source>&lt;b&gt;Inbox Console&lt;/b&gt; %1&lt;br&gt;Schema version %2&lt;br&gt;Built with Qt %3, PostgreSQL libpq and spdlog.</source>
        <translation>&lt;b&gt;Inbox Console&lt;/b&gt; %1&lt;br&gt;Schema version %2&lt;br&gt;Built with Qt %3, PostgreSQL libpq and spdlog.</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>Connect</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>Overview</translation>
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
        <source>migrate: apply pending schema migrations and exit.</source>
        <translation>migrate: apply pending schema migrations and exit.</translation>
    </message>
</context>
<context>
    <name>inbox::Age</name>
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
        <source>%1 d %2 h</source>
        <translation>%1 d %2 h</translation>
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
        <source>Deliveries per day (UTC), today on the right</source>
        <translation>Deliveries per day (UTC), today on the right</translation>
    </message>
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
        <source>Outcomes per day (UTC), today on the right</source>
        <translation>Outcomes per day (UTC), today on the right</translation>
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
        <source>Processing, but the worker&apos;s lock is older than 5 minutes</source>
        <translation>Processing, but the worker&apos;s lock is older than 5 minutes</translation>
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
        <source>Processing with a lock older than 5 minutes: the worker may be gone</source>
        <translation>Processing with a lock older than 5 minutes: the worker may be gone</translation>
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
        <source>Oldest waiting</source>
        <translation>Oldest waiting</translation>
    </message>
    <message>
        <source>How long the longest-due event has waited for a worker</source>
        <translation>How long the longest-due event has waited for a worker</translation>
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
        <source>All sources</source>
        <translation>All sources</translation>
    </message>
    <message numerus="yes">
        <source>usually %1 (median of the last %n days)</source>
        <translation>
            <numerusform>usually %1 (median of the last %n day)</numerusform>
            <numerusform>usually %1 (median of the last %n days)</numerusform>
        </translation>
    </message>
    <message>
        <source>no baseline yet, alarm above %1</source>
        <translation>no baseline yet, alarm above %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1: %2 of today&apos;s deliveries are repeats&lt;/b&gt; (%3 of %4; %5). Senders deliver again when the receiver answers too slowly or fails: check the receiver&apos;s response time and errors.</source>
        <translation>&lt;b&gt;%1: %2 of today&apos;s deliveries are repeats&lt;/b&gt; (%3 of %4; %5). Senders deliver again when the receiver answers too slowly or fails: check the receiver&apos;s response time and errors.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1: %2 of the events finished today failed&lt;/b&gt; (%3 of %4; %5). See Needs attention for the errors.</source>
        <translation>&lt;b&gt;%1: %2 of the events finished today failed&lt;/b&gt; (%3 of %4; %5). See Needs attention for the errors.</translation>
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
</context>
<context>
    <name>inbox::Session</name>
    <message>
        <source>connection attempt cancelled</source>
        <translation>connection attempt cancelled</translation>
    </message>
</context>
</TS>
