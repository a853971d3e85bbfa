<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>inbox::ConnectionPage</name>
    <message>
        <source>&amp;Connect</source>
        <translation>&amp;Подключиться</translation>
    </message>
    <message>
        <source>host=db.example.com dbname=inbox user=alice sslmode=verify-full, or service=inbox</source>
        <translation>host=db.example.com dbname=inbox user=alice sslmode=verify-full или service=inbox</translation>
    </message>
    <message>
        <source>Connection string</source>
        <translation>Строка подключения</translation>
    </message>
    <message>
        <source>only if .pgpass or the service file has none</source>
        <translation>только если его нет в .pgpass или файле служб</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>Пароль</translation>
    </message>
    <message>
        <source>Connection &amp;string:</source>
        <translation>&amp;Строка подключения:</translation>
    </message>
    <message>
        <source>&amp;Password:</source>
        <translation>&amp;Пароль:</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>Подключение</translation>
    </message>
    <message>
        <source>Server:</source>
        <translation>Сервер:</translation>
    </message>
    <message>
        <source>Database:</source>
        <translation>База данных:</translation>
    </message>
    <message>
        <source>User:</source>
        <translation>Пользователь:</translation>
    </message>
    <message>
        <source>Inbox roles:</source>
        <translation>Роли inbox:</translation>
    </message>
    <message>
        <source>Schema version:</source>
        <translation>Версия схемы:</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>нет подключения</translation>
    </message>
    <message>
        <source>%1 (superuser)</source>
        <translation>%1 (суперпользователь)</translation>
    </message>
    <message>
        <source>none: this user can see nothing in the inbox</source>
        <translation>нет: этот пользователь ничего не видит в inbox</translation>
    </message>
    <message>
        <source>%1, newer than this program (%2): use a newer Inbox Console</source>
        <translation>%1, новее этой программы (%2): нужна более новая Inbox Console</translation>
    </message>
    <message>
        <source>no inbox schema in this database</source>
        <translation>в этой базе нет схемы inbox</translation>
    </message>
    <message>
        <source> (ask the schema owner to run: inbox-console migrate)</source>
        <translation> (попросите владельца схемы выполнить: inbox-console migrate)</translation>
    </message>
    <message>
        <source>%1 (current)</source>
        <translation>%1 (актуальная)</translation>
    </message>
    <message numerus="yes">
        <source>&amp;Apply %n migration(s)</source>
        <translation>
            <numerusform>&amp;Применить %n миграцию</numerusform>
            <numerusform>&amp;Применить %n миграции</numerusform>
            <numerusform>&amp;Применить %n миграций</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, %n pending migration(s) to version %2</source>
        <translation>
            <numerusform>%1, %n миграция ожидает перехода на версию %2</numerusform>
            <numerusform>%1, %n миграции ожидают перехода на версию %2</numerusform>
            <numerusform>%1, %n миграций ожидают перехода на версию %2</numerusform>
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
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>В&amp;ыход</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Справка</translation>
    </message>
    <message>
        <source>&amp;About Inbox Console</source>
        <translation>&amp;О программе Inbox Console</translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation>Нет подключения</translation>
    </message>
    <message>
        <source>%1 @ %2, schema %3</source>
        <translation>%1 @ %2, схема %3</translation>
    </message>
    <message>
        <source>About Inbox Console</source>
        <translation>О программе Inbox Console</translation>
    </message>
    <message>
        <source>&lt;b&gt;Inbox Console&lt;/b&gt; %1&lt;br&gt;Schema version %2&lt;br&gt;Built with Qt %3, PostgreSQL libpq and spdlog.</source>
        <translation>&lt;b&gt;Inbox Console&lt;/b&gt; %1&lt;br&gt;Версия схемы %2&lt;br&gt;Собрано с Qt %3, PostgreSQL libpq и spdlog.</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Console for the shared inbox database.

The database is given the libpq way: --db with a connection string (key=value or postgresql:// URI, service=NAME), or the PG* environment variables (PGHOST, PGDATABASE, PGUSER, PGSERVICE...). Passwords come from ~/.pgpass or the service file, never from settings.</source>
        <translation>Консоль общей базы inbox.

База задаётся как в libpq: --db со строкой подключения (key=value или URI postgresql://, service=ИМЯ) или переменными окружения PG* (PGHOST, PGDATABASE, PGUSER, PGSERVICE...). Пароли берутся из ~/.pgpass или файла служб и никогда не хранятся в настройках.</translation>
    </message>
    <message>
        <source>Connect to CONNINFO.</source>
        <translation>Подключиться к CONNINFO.</translation>
    </message>
    <message>
        <source>Connect, check the schema version and exit (0 when the database is ready).</source>
        <translation>Подключиться, проверить версию схемы и выйти (0, если база готова).</translation>
    </message>
    <message>
        <source>Interface language: en or ru (default: the system&apos;s).</source>
        <translation>Язык интерфейса: en или ru (по умолчанию системный).</translation>
    </message>
    <message>
        <source>migrate: apply pending schema migrations and exit.</source>
        <translation>migrate: применить ожидающие миграции схемы и выйти.</translation>
    </message>
</context>
</TS>
