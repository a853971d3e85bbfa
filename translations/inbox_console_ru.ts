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
    <message>
        <source>Sa&amp;ve profile</source>
        <translation>Со&amp;хранить профиль</translation>
    </message>
    <message>
        <source>&amp;Delete profile</source>
        <translation>&amp;Удалить профиль</translation>
    </message>
    <message>
        <source>Cance&amp;l</source>
        <translation>О&amp;тменить</translation>
    </message>
    <message>
        <source>a name, to save this connection</source>
        <translation>имя, чтобы сохранить это подключение</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>Профиль</translation>
    </message>
    <message>
        <source>Kept in memory only, never saved</source>
        <translation>Хранится только в памяти, никогда не сохраняется</translation>
    </message>
    <message>
        <source>P&amp;rofile:</source>
        <translation>П&amp;рофиль:</translation>
    </message>
    <message>
        <source>Address:</source>
        <translation>Адрес:</translation>
    </message>
    <message>
        <source>Encryption:</source>
        <translation>Шифрование:</translation>
    </message>
    <message>
        <source>Type a name for the profile in the Profile box, then save.</source>
        <translation>Введите имя профиля в поле «Профиль» и сохраните.</translation>
    </message>
    <message>
        <source>The profile was not saved: %1</source>
        <translation>Профиль не сохранён: %1</translation>
    </message>
    <message>
        <source>Profile &quot;%1&quot; saved WITHOUT the password: passwords are never written to settings. Keep it in ~/.pgpass (or the service file), or type it each time; for now it is kept in memory only.</source>
        <translation>Профиль «%1» сохранён БЕЗ пароля: пароли никогда не записываются в настройки. Храните его в ~/.pgpass (или в файле служб) или вводите каждый раз; сейчас он хранится только в памяти.</translation>
    </message>
    <message>
        <source>Profile &quot;%1&quot; saved.</source>
        <translation>Профиль «%1» сохранён.</translation>
    </message>
    <message>
        <source>There is no saved profile &quot;%1&quot;.</source>
        <translation>Сохранённого профиля «%1» нет.</translation>
    </message>
    <message>
        <source>Profile &quot;%1&quot; deleted.</source>
        <translation>Профиль «%1» удалён.</translation>
    </message>
    <message>
        <source>this user</source>
        <translation>этого пользователя</translation>
    </message>
    <message>
        <source>The server asks for a password for %1, and there is none in ~/.pgpass or the service file. Type it in the Password box and press Connect; it is kept in memory only.</source>
        <translation>Сервер запрашивает пароль для %1, а в ~/.pgpass и в файле служб его нет. Введите его в поле «Пароль» и нажмите «Подключиться»; он хранится только в памяти.</translation>
    </message>
    <message>
        <source>The server refused the password for %1 that libpq found in ~/.pgpass or the service file. Type the right one in the Password box and press Connect, and correct the file.</source>
        <translation>Сервер отклонил пароль для %1, найденный libpq в ~/.pgpass или в файле служб. Введите правильный в поле «Пароль», нажмите «Подключиться» и исправьте файл.</translation>
    </message>
    <message>
        <source>The server refused the password for %1. Type it again and press Connect.</source>
        <translation>Сервер отклонил пароль для %1. Введите его ещё раз и нажмите «Подключиться».</translation>
    </message>
    <message>
        <source>No database server answered. Check the host and port (or the socket directory) in the connection string, that the server is running, and the network or VPN; then press Connect to try again.</source>
        <translation>Сервер базы данных не ответил. Проверьте хост и порт (или каталог сокета) в строке подключения, что сервер запущен, и сеть или VPN; затем нажмите «Подключиться» ещё раз.</translation>
    </message>
    <message>
        <source>The server does not let %1 in: the role may not exist or may not log in, or pg_hba.conf has no entry for this connection (check sslmode too). Ask the database administrator.</source>
        <translation>Сервер не пускает %1: роли может не быть или ей запрещён вход, либо в pg_hba.conf нет строки для такого подключения (проверьте и sslmode). Обратитесь к администратору базы данных.</translation>
    </message>
    <message>
        <source>There is no database &quot;%1&quot; on this server. Check dbname in the connection string, or ask the administrator to create it.</source>
        <translation>На этом сервере нет базы данных «%1». Проверьте dbname в строке подключения или попросите администратора её создать.</translation>
    </message>
    <message>
        <source>The server is starting up, shutting down, or has no free connections. Try again in a moment.</source>
        <translation>Сервер запускается, останавливается или у него нет свободных подключений. Попробуйте чуть позже.</translation>
    </message>
    <message>
        <source>The connection attempt was cancelled.</source>
        <translation>Попытка подключения отменена.</translation>
    </message>
    <message>
        <source>The connection string is not valid: use key=value pairs (host=... dbname=... user=...), a postgresql:// URI, or service=NAME.</source>
        <translation>Строка подключения неверна: используйте пары ключ=значение (host=... dbname=... user=...), URI postgresql:// или service=ИМЯ.</translation>
    </message>
    <message>
        <source>Could not connect.</source>
        <translation>Не удалось подключиться.</translation>
    </message>
    <message>
        <source>Details: %1</source>
        <translation>Подробности: %1</translation>
    </message>
    <message>
        <source>local socket in %1 (port %2)</source>
        <translation>локальный сокет в %1 (порт %2)</translation>
    </message>
    <message>
        <source>none needed: local Unix socket (sslmode=%1 applies to network connections)</source>
        <translation>не требуется: локальный Unix-сокет (sslmode=%1 относится к сетевым подключениям)</translation>
    </message>
    <message>
        <source>encrypted, %1 (sslmode=%2)</source>
        <translation>зашифровано, %1 (sslmode=%2)</translation>
    </message>
    <message>
        <source>NOT encrypted (sslmode=%1): use sslmode=verify-full over untrusted networks</source>
        <translation>НЕ зашифровано (sslmode=%1): в недоверенных сетях используйте sslmode=verify-full</translation>
    </message>
    <message>
        <source>This database was upgraded by a newer Inbox Console (schema version %1; this program knows up to %2). The other screens stay closed so that they do not misread it: install the newer Inbox Console, or connect to another database.</source>
        <translation>Эту базу обновила более новая Inbox Console (версия схемы %1; эта программа знает версии до %2). Остальные экраны закрыты, чтобы не показать неверных данных: установите новую Inbox Console или подключитесь к другой базе.</translation>
    </message>
    <message numerus="yes">
        <source>Create the inbox schema (&amp;apply %n migration(s))</source>
        <translation>
            <numerusform>Создать схему inbox (&amp;применить %n миграцию)</numerusform>
            <numerusform>Создать схему inbox (&amp;применить %n миграции)</numerusform>
            <numerusform>Создать схему inbox (&amp;применить %n миграций)</numerusform>
        </translation>
    </message>
    <message>
        <source>This database has no inbox schema yet. You may create it: press the button below. Receivers and workers then use the same schema.</source>
        <translation>В этой базе ещё нет схемы inbox. Вы можете её создать: нажмите кнопку ниже. Приёмники и обработчики будут работать с той же схемой.</translation>
    </message>
    <message>
        <source>The schema is older than this program. Apply the pending migrations (below) before using the other screens; other programs keep working while they run.</source>
        <translation>Схема старее этой программы. Примените недостающие миграции (ниже), прежде чем открывать другие экраны; другие программы продолжают работать во время миграции.</translation>
    </message>
    <message>
        <source>the database owner</source>
        <translation>владельца базы данных</translation>
    </message>
    <message>
        <source>%1 may not change the schema. Ask %2 (who owns %3) to run:
%4</source>
        <translation>%1 не может менять схему. Попросите %2 (владельца: %3) выполнить:
%4</translation>
    </message>
    <message>
        <source>this database</source>
        <translation>эта база данных</translation>
    </message>
    <message>
        <source>the inbox schema</source>
        <translation>схема inbox</translation>
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
    <message>
        <source>Connect</source>
        <translation>Подключение</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>Обзор</translation>
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
<context>
    <name>inbox::Age</name>
    <message>
        <source>%1 s</source>
        <translation>%1 с</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 мин</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 ч %2 мин</translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1 д %2 ч</translation>
    </message>
</context>
<context>
    <name>inbox::DailyFiguresModel</name>
    <message>
        <source>Today (%1)</source>
        <translation>Сегодня (%1)</translation>
    </message>
    <message>
        <source>%1 repeats out of %2 deliveries</source>
        <translation>%1 повторов из %2 доставок</translation>
    </message>
    <message>
        <source>%1 failed out of %2 finished (done or failed)</source>
        <translation>%1 с ошибкой из %2 завершённых (выполнено или ошибка)</translation>
    </message>
    <message>
        <source>New events: first deliveries of a key</source>
        <translation>Новые события: первые доставки ключа</translation>
    </message>
    <message>
        <source>Repeat deliveries of a known key (the sender sent it again)</source>
        <translation>Повторные доставки известного ключа (отправитель прислал снова)</translation>
    </message>
    <message>
        <source>Repeats out of all deliveries; normally a few percent</source>
        <translation>Доля повторов среди всех доставок; обычно несколько процентов</translation>
    </message>
    <message>
        <source>Repeats of a known key with a different body: marked for review</source>
        <translation>Повторы известного ключа с другим телом: отмечены для проверки</translation>
    </message>
    <message>
        <source>Events that failed for good and wait for a person</source>
        <translation>События, окончательно завершившиеся ошибкой и ждущие человека</translation>
    </message>
    <message>
        <source>Failed out of the events finished that day (done or failed)</source>
        <translation>Доля ошибок среди событий, завершённых в этот день (выполнено или ошибка)</translation>
    </message>
    <message>
        <source>Events a person put back in the queue</source>
        <translation>События, которые человек вернул в очередь</translation>
    </message>
    <message>
        <source>Day (UTC)</source>
        <translation>День (UTC)</translation>
    </message>
    <message>
        <source>Received</source>
        <translation>Получено</translation>
    </message>
    <message>
        <source>Repeats</source>
        <translation>Повторы</translation>
    </message>
    <message>
        <source>Repeat share</source>
        <translation>% повторов</translation>
    </message>
    <message>
        <source>Conflicts</source>
        <translation>Конфликты</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Выполнено</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>С ошибкой</translation>
    </message>
    <message>
        <source>Failure share</source>
        <translation>% ошибок</translation>
    </message>
    <message>
        <source>Requeued</source>
        <translation>Возвращено</translation>
    </message>
</context>
<context>
    <name>inbox::DayChart</name>
    <message>
        <source>Deliveries per day (UTC), today on the right</source>
        <translation>Доставки по дням (UTC), сегодня справа</translation>
    </message>
    <message>
        <source>New</source>
        <translation>Новые</translation>
    </message>
    <message>
        <source>Repeats</source>
        <translation>Повторы</translation>
    </message>
    <message>
        <source>Conflicts</source>
        <translation>Конфликты</translation>
    </message>
    <message>
        <source>Repeat share, %</source>
        <translation>Доля повторов, %</translation>
    </message>
    <message>
        <source>Outcomes per day (UTC), today on the right</source>
        <translation>Итоги по дням (UTC), сегодня справа</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Выполнено</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>С ошибкой</translation>
    </message>
    <message>
        <source>Failure share, %</source>
        <translation>Доля ошибок, %</translation>
    </message>
</context>
<context>
    <name>inbox::NowFiguresModel</name>
    <message>
        <source>Due since %1</source>
        <translation>Ждёт с %1</translation>
    </message>
    <message>
        <source>Received and not yet processed: due now or scheduled for a retry</source>
        <translation>Получено и ещё не обработано: к выполнению сейчас или назначен повтор</translation>
    </message>
    <message>
        <source>Waiting and due now: a worker may take them</source>
        <translation>Ожидают и готовы сейчас: обработчик может их взять</translation>
    </message>
    <message>
        <source>Processing, but the worker&apos;s lock is older than 5 minutes</source>
        <translation>В обработке, но блокировке обработчика больше 5 минут</translation>
    </message>
    <message>
        <source>Failed for good: waiting for a person</source>
        <translation>Окончательная ошибка: ждёт человека</translation>
    </message>
    <message>
        <source>How long the longest-due event has waited</source>
        <translation>Сколько ждёт событие, ожидающее дольше всех</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Источник</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>Ожидают</translation>
    </message>
    <message>
        <source>Due</source>
        <translation>Готовы</translation>
    </message>
    <message>
        <source>Processing</source>
        <translation>В обработке</translation>
    </message>
    <message>
        <source>Stuck</source>
        <translation>Зависли</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>С ошибкой</translation>
    </message>
    <message>
        <source>Longest wait</source>
        <translation>Макс. ожидание</translation>
    </message>
</context>
<context>
    <name>inbox::OverviewPage</name>
    <message>
        <source>Source</source>
        <translation>Источник</translation>
    </message>
    <message>
        <source>&amp;Source:</source>
        <translation>&amp;Источник:</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>Ожидают</translation>
    </message>
    <message>
        <source>Received and not processed yet: due now or scheduled for a retry</source>
        <translation>Получено и ещё не обработано: к выполнению сейчас или назначен повтор</translation>
    </message>
    <message>
        <source>Due now</source>
        <translation>Готовы сейчас</translation>
    </message>
    <message>
        <source>Waiting events a worker may take now</source>
        <translation>Ожидающие события, которые обработчик может взять сейчас</translation>
    </message>
    <message>
        <source>Processing</source>
        <translation>В обработке</translation>
    </message>
    <message>
        <source>Held by a worker</source>
        <translation>Заняты обработчиком</translation>
    </message>
    <message>
        <source>Stuck</source>
        <translation>Зависли</translation>
    </message>
    <message>
        <source>Processing with a lock older than 5 minutes: the worker may be gone</source>
        <translation>В обработке с блокировкой старше 5 минут: обработчик, возможно, упал</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>С ошибкой</translation>
    </message>
    <message>
        <source>Failed for good, waiting for a person (Needs attention)</source>
        <translation>Окончательная ошибка, ждут человека (экран «Требует внимания»)</translation>
    </message>
    <message>
        <source>Open duplicates</source>
        <translation>Открытые дубли</translation>
    </message>
    <message>
        <source>Possible duplicate leads waiting for a manager&apos;s decision</source>
        <translation>Возможные дубли заявок, ждущие решения менеджера</translation>
    </message>
    <message>
        <source>Oldest waiting</source>
        <translation>Ждёт дольше всех</translation>
    </message>
    <message>
        <source>How long the longest-due event has waited for a worker</source>
        <translation>Сколько ждёт обработчика событие, ожидающее дольше всех</translation>
    </message>
    <message>
        <source>Per day</source>
        <translation>По дням</translation>
    </message>
    <message>
        <source>Now, per source</source>
        <translation>Сейчас, по источникам</translation>
    </message>
    <message>
        <source>All sources</source>
        <translation>Все источники</translation>
    </message>
    <message numerus="yes">
        <source>usually %1 (median of the last %n days)</source>
        <translation>
            <numerusform>обычно %1 (медиана за последние %n день)</numerusform>
            <numerusform>обычно %1 (медиана за последние %n дня)</numerusform>
            <numerusform>обычно %1 (медиана за последние %n дней)</numerusform>
        </translation>
    </message>
    <message>
        <source>no baseline yet, alarm above %1</source>
        <translation>базовой линии ещё нет, тревога выше %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1: %2 of today&apos;s deliveries are repeats&lt;/b&gt; (%3 of %4; %5). Senders deliver again when the receiver answers too slowly or fails: check the receiver&apos;s response time and errors.</source>
        <translation>&lt;b&gt;%1: %2 сегодняшних доставок — повторы&lt;/b&gt; (%3 из %4; %5). Отправители присылают снова, когда приёмник отвечает слишком медленно или с ошибкой: проверьте время ответа приёмника и его ошибки.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1: %2 of the events finished today failed&lt;/b&gt; (%3 of %4; %5). See Needs attention for the errors.</source>
        <translation>&lt;b&gt;%1: %2 событий, завершённых сегодня, — с ошибкой&lt;/b&gt; (%3 из %4; %5). Ошибки — на экране «Требует внимания».</translation>
    </message>
    <message>
        <source>Per day, all sources</source>
        <translation>По дням, все источники</translation>
    </message>
    <message>
        <source>Per day, %1</source>
        <translation>По дням, %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>%1 / %2 (event %3)</source>
        <translation>%1 / %2 (событие %3)</translation>
    </message>
    <message>
        <source>Server time %1 · read in %2 ms</source>
        <translation>Время сервера %1 · прочитано за %2 мс</translation>
    </message>
    <message>
        <source>This database user may not read the inbox statistics: it needs the inbox_support role (or one that includes it).</source>
        <translation>Этому пользователю базы нельзя читать статистику inbox: нужна роль inbox_support (или включающая её).</translation>
    </message>
    <message>
        <source>Could not read the overview: %1</source>
        <translation>Не удалось прочитать обзор: %1</translation>
    </message>
    <message>
        <source>Connect to an inbox database (the Connect screen) to see the overview.</source>
        <translation>Подключитесь к базе inbox (экран «Подключение»), чтобы увидеть обзор.</translation>
    </message>
</context>
<context>
    <name>inbox::Session</name>
    <message>
        <source>connection attempt cancelled</source>
        <translation>попытка подключения отменена</translation>
    </message>
</context>
</TS>
