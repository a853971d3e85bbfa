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
</TS>
