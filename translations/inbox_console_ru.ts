<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>ConsoleLink</name>
    <message>
        <source>The link is empty.</source>
        <translation>Ссылка пуста.</translation>
    </message>
    <message>
        <source>The link is too long to be an Inbox Console link.</source>
        <translation>Ссылка слишком длинная для ссылки Inbox Console.</translation>
    </message>
    <message>
        <source>This is not an Inbox Console link: such a link starts with inbox-console://open?</source>
        <translation>Это не ссылка Inbox Console: такая ссылка начинается с inbox-console://open?</translation>
    </message>
    <message>
        <source>The link names no place to open (nothing after &quot;?&quot;): it may have been cut off.</source>
        <translation>Ссылка не называет, что открыть (после «?» ничего нет): возможно, её обрезали.</translation>
    </message>
    <message>
        <source>The link contains a space or a character a link cannot hold: it may have been broken across lines. Copy it again.</source>
        <translation>В ссылке пробел или символ, которого в ссылке быть не может: возможно, её разбили на строки. Скопируйте её ещё раз.</translation>
    </message>
    <message>
        <source>The part &quot;%1&quot; of the link is not of the form key=value with valid %-codes.</source>
        <translation>Часть «%1» ссылки не имеет вида ключ=значение с правильными %-кодами.</translation>
    </message>
    <message>
        <source>The link gives &quot;%1&quot; twice.</source>
        <translation>В ссылке «%1» указан дважды.</translation>
    </message>
    <message>
        <source>The link gives &quot;%1&quot; without a value.</source>
        <translation>В ссылке «%1» указан без значения.</translation>
    </message>
    <message>
        <source>The value of &quot;%1&quot; in the link is too long or holds control characters.</source>
        <translation>Значение «%1» в ссылке слишком длинное или содержит управляющие символы.</translation>
    </message>
    <message>
        <source>The link names no place this version knows (an event, a pair, an audit entry, a day or a view).</source>
        <translation>Ссылка не называет ничего, что знает эта версия (событие, пару, запись аудита, день или экран).</translation>
    </message>
    <message>
        <source>The link names more than one place to open.</source>
        <translation>Ссылка называет больше одного места.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; in the link is not a positive whole number: %2</source>
        <translation>«%1» в ссылке — не положительное целое число: %2</translation>
    </message>
    <message>
        <source>The audit link lacks the time of the entry (at=, in UTC).</source>
        <translation>В ссылке на запись аудита нет времени записи (at=, в UTC).</translation>
    </message>
    <message>
        <source>&quot;day&quot; in the link is not a date of the form 2026-12-31: %1</source>
        <translation>«day» в ссылке — не дата вида 2026-12-31: %1</translation>
    </message>
    <message>
        <source>The link names a view this version does not know: %1</source>
        <translation>Ссылка называет экран, которого эта версия не знает: %1</translation>
    </message>
</context>
<context>
    <name>DuplicateWords</name>
    <message>
        <source>phone</source>
        <translation>телефон</translation>
    </message>
    <message>
        <source>e-mail</source>
        <translation>e-mail</translation>
    </message>
    <message>
        <source>open deal</source>
        <translation>открытая сделка</translation>
    </message>
    <message>
        <source>names differ</source>
        <translation>имена различаются</translation>
    </message>
    <message>
        <source>shared phone</source>
        <translation>общий телефон</translation>
    </message>
    <message>
        <source>shared e-mail</source>
        <translation>общий e-mail</translation>
    </message>
    <message>
        <source>same phone %1</source>
        <translation>тот же телефон %1</translation>
    </message>
    <message>
        <source>same e-mail %1</source>
        <translation>тот же e-mail %1</translation>
    </message>
    <message>
        <source>lead A&apos;s deal %1 is still open</source>
        <translation>сделка %1 лида A ещё открыта</translation>
    </message>
    <message>
        <source>names match</source>
        <translation>имена совпадают</translation>
    </message>
    <message>
        <source>the phone is shared by many names</source>
        <translation>телефоном пользуются многие имена</translation>
    </message>
    <message>
        <source>the e-mail is shared by many names</source>
        <translation>e-mail используют многие имена</translation>
    </message>
    <message numerus="yes">
        <source>phone %1 is used by %n different name(s) (an office line?)</source>
        <translation>
            <numerusform>телефон %1 указан у %n разного имени (офисная линия?)</numerusform>
            <numerusform>телефон %1 указан у %n разных имён (офисная линия?)</numerusform>
            <numerusform>телефон %1 указан у %n разных имён (офисная линия?)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>e-mail %1 is used by %n different name(s) (a shared mailbox?)</source>
        <translation>
            <numerusform>e-mail %1 указан у %n разного имени (общий ящик?)</numerusform>
            <numerusform>e-mail %1 указан у %n разных имён (общий ящик?)</numerusform>
            <numerusform>e-mail %1 указан у %n разных имён (общий ящик?)</numerusform>
        </translation>
    </message>
    <message>
        <source>every matching contact is a shared one</source>
        <translation>все совпавшие контакты общие</translation>
    </message>
    <message>
        <source>Weak evidence: %1.</source>
        <translation>Слабое основание: %1.</translation>
    </message>
    <message>
        <source>lead %1 (#%2)</source>
        <translation>лид %1 (№%2)</translation>
    </message>
    <message>
        <source>lead %1 (%2, #%3)</source>
        <translation>лид %1 (%2, №%3)</translation>
    </message>
    <message>
        <source>%1 is already linked to lead #%2 by another decision: undo that one first.</source>
        <translation>%1 уже связан с лидом №%2 другим решением: сначала отмените его.</translation>
    </message>
    <message>
        <source>deal %1 (open)</source>
        <translation>сделкой %1 (открыта)</translation>
    </message>
    <message>
        <source>deal %1 (closed)</source>
        <translation>сделкой %1 (закрыта)</translation>
    </message>
    <message>
        <source>%1 will be linked to %2 of %3</source>
        <translation>%1 будет связан со %2, принадлежащей: %3</translation>
    </message>
    <message>
        <source>%1 will be linked to %2, which has no deal yet</source>
        <translation>%1 будет связан с: %2 (у него пока нет сделки)</translation>
    </message>
    <message>
        <source>; B&apos;s own deal %1 is set aside on B&apos;s record</source>
        <translation>; собственная сделка B %1 сохраняется в записи B</translation>
    </message>
    <message>
        <source>Merge: %1. Nothing is deleted, and undo restores B exactly.</source>
        <translation>Объединение: %1. Ничего не удаляется, отмена восстановит B в точности.</translation>
    </message>
    <message>
        <source>merged by %1 at %2</source>
        <translation>объединено: %1, %2</translation>
    </message>
    <message>
        <source>kept separate by %1 at %2</source>
        <translation>оставлено раздельно: %1, %2</translation>
    </message>
    <message>
        <source>open</source>
        <translation>открыта</translation>
    </message>
    <message>
        <source> (note: %1)</source>
        <translation> (примечание: %1)</translation>
    </message>
</context>
<context>
    <name>ReportDocument</name>
    <message>
        <source>Duplicates before and after the inbox</source>
        <translation>Дубли до и после inbox</translation>
    </message>
    <message>
        <source>Baseline: %1, file %2, %3 rows from %4 to %5 (%6 unreadable lines), imported by %7 on %8. Duplicates by external id, and by phone or e-mail within %9 hours.</source>
        <translation>База сравнения: %1, файл %2, строк %3 с %4 по %5 (нечитаемых строк %6), импортировал %7 %8. Дубли по внешнему id, а также по телефону или e-mail в пределах %9 ч.</translation>
    </message>
    <message>
        <source>With the inbox: %1 to %2 (UTC days, %3 days).</source>
        <translation>С inbox: с %1 по %2 (дни по UTC, дней: %3).</translation>
    </message>
    <message>
        <source>Repeats absorbed: deliveries of a key the inbox already had, which no longer reach anyone. Possible duplicates: similar leads flagged for a manager, who merged or rejected them. The baseline&apos;s sources are named as in the CRM&apos;s export, the inbox&apos;s by their senders: compare the totals.</source>
        <translation>Поглощённые повторы: доставки ключа, который в inbox уже был; до людей они больше не доходят. Возможные дубли: похожие лиды, отмеченные для менеджера, который их объединил или отклонил. Источники базы сравнения названы так, как в выгрузке CRM, источники inbox — по отправителям: сравнивайте итоги.</translation>
    </message>
    <message>
        <source>Before the inbox: %1 of %2 rows were duplicates, %3 for a person per 30 days, %4 hours of a manager at %5 minutes each. With the inbox: repeats absorbed %6 (%7 of %8 deliveries), possible duplicates for a person %9 per 30 days (%10 of the deliveries), %11 hours.</source>
        <translation>До inbox: %1 из %2 строк были дублями, %3 на человека за 30 дней, %4 ч работы менеджера по %5 мин на каждый. С inbox: поглощено повторов %6 (%7 из %8 доставок), возможных дублей для человека %9 за 30 дней (%10 доставок), %11 ч.</translation>
    </message>
</context>
<context>
    <name>inbox::AboutDialog</name>
    <message>
        <source>About Inbox Console</source>
        <translation>О программе Inbox Console</translation>
    </message>
    <message>
        <source>About</source>
        <translation>О программе</translation>
    </message>
    <message>
        <source>&amp;About</source>
        <translation>&amp;О программе</translation>
    </message>
    <message>
        <source>Licences</source>
        <translation>Лицензии</translation>
    </message>
    <message>
        <source>&amp;Licences</source>
        <translation>&amp;Лицензии</translation>
    </message>
    <message>
        <source>Inbox Console</source>
        <translation>Inbox Console</translation>
    </message>
    <message>
        <source>The operator console of the shared inbox database: the journal, what needs attention, possible duplicates and the audit of what people did.</source>
        <translation>Консоль оператора общей базы inbox: журнал, события, требующие внимания, возможные дубли и аудит действий сотрудников.</translation>
    </message>
    <message>
        <source>Program version</source>
        <translation>Версия программы</translation>
    </message>
    <message>
        <source>Schema version it carries</source>
        <translation>Версия схемы в программе</translation>
    </message>
    <message>
        <source>Qt at run time</source>
        <translation>Qt во время выполнения</translation>
    </message>
    <message>
        <source>built with %1</source>
        <translation>собрано с %1</translation>
    </message>
    <message>
        <source>libpq</source>
        <translation>libpq</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>Подключение</translation>
    </message>
    <message>
        <source>Not connected.</source>
        <translation>Нет подключения.</translation>
    </message>
    <message>
        <source>no inbox schema</source>
        <translation>нет схемы inbox</translation>
    </message>
    <message>
        <source>%1 (newer than this program)</source>
        <translation>%1 (новее этой программы)</translation>
    </message>
    <message>
        <source>%1 (older than this program)</source>
        <translation>%1 (старше этой программы)</translation>
    </message>
    <message>
        <source>Database schema version</source>
        <translation>Версия схемы базы данных</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Сервер</translation>
    </message>
    <message>
        <source>Database</source>
        <translation>База данных</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Пользователь</translation>
    </message>
    <message>
        <source>%1 (superuser)</source>
        <translation>%1 (суперпользователь)</translation>
    </message>
    <message>
        <source>Inbox roles</source>
        <translation>Роли inbox</translation>
    </message>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>Inbox Console is free software: you may redistribute it and/or modify it under the terms of the GNU General Public License, version 3 or (at your option) any later version (GPL-3.0-or-later). It comes with no warranty. Full text: %1.</source>
        <translation>Inbox Console — свободная программа: вы можете распространять и (или) изменять её на условиях Стандартной общественной лицензии GNU версии 3 или (по вашему выбору) любой более поздней версии (GPL-3.0-or-later). Программа поставляется без каких-либо гарантий. Полный текст: %1.</translation>
    </message>
    <message>
        <source>The notices below are installed with the package in</source>
        <translation>Приведённые ниже уведомления установлены вместе с пакетом в</translation>
    </message>
    <message>
        <source>Qt Core, Gui, Widgets, Sql (with its PostgreSQL driver): GNU Lesser General Public License version 3 (LGPL-3.0), as Debian distributes them (Debian: &quot;LGPL-3 or GPL-2&quot;). Qt is linked as shared libraries, so you may replace them with your own build. Full text: %1; details: %2.</source>
        <translation>Qt Core, Gui, Widgets, Sql (с драйвером PostgreSQL): GNU Lesser General Public License версии 3 (LGPL-3.0) в том виде, в каком их распространяет Debian (Debian: «LGPL-3 or GPL-2»). Qt подключается как разделяемые библиотеки, поэтому их можно заменить собственной сборкой. Полный текст: %1; подробности: %2.</translation>
    </message>
    <message>
        <source>Source code: Debian&apos;s source package qt6-base (apt-get source qt6-base) or the Qt Company&apos;s archive at %1.</source>
        <translation>Исходный код: пакет исходного кода Debian qt6-base (apt-get source qt6-base) или архив Qt Company по адресу %1.</translation>
    </message>
    <message>
        <source>GNU General Public License version 3 or later (GPL-3.0-or-later): Debian builds Qt Charts under the GPL only, not the LGPL. Because Inbox Console links Qt Charts (the Overview&apos;s charts), whoever distributes this build of Inbox Console must do so under the terms of the GPL-3.0, with its complete source code. Full text: %1; details: %2. Source: Debian&apos;s source package qt6-charts.</source>
        <translation>GNU General Public License версии 3 или более поздней (GPL-3.0-or-later): Debian собирает Qt Charts только под GPL, а не под LGPL. Поскольку Inbox Console компонуется с Qt Charts (графики на экране «Обзор»), тот, кто распространяет эту сборку Inbox Console, должен делать это на условиях GPL-3.0 вместе с полным исходным кодом. Полный текст: %1; подробности: %2. Исходный код: пакет исходного кода Debian qt6-charts.</translation>
    </message>
    <message>
        <source>The PostgreSQL client library: PostgreSQL Licence (a permissive licence like BSD or MIT), © the PostgreSQL Global Development Group and the Regents of the University of California. Full text: %1.</source>
        <translation>Клиентская библиотека PostgreSQL: PostgreSQL Licence (разрешительная лицензия наподобие BSD или MIT), © PostgreSQL Global Development Group и Regents of the University of California. Полный текст: %1.</translation>
    </message>
    <message>
        <source>Logging: MIT licence, © Gabi Melman. Full text: %1.</source>
        <translation>Журналирование: лицензия MIT, © Gabi Melman. Полный текст: %1.</translation>
    </message>
    <message>
        <source>Text formatting (used by spdlog): MIT licence with an optional exception for embedded object code, © Victor Zverovich. Full text: %1.</source>
        <translation>Форматирование текста (используется spdlog): лицензия MIT с необязательным исключением для встроенного объектного кода, © Victor Zverovich. Полный текст: %1.</translation>
    </message>
</context>
<context>
    <name>inbox::AlertEpisodesModel</name>
    <message>
        <source>Rule</source>
        <translation>Правило</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>Важность</translation>
    </message>
    <message>
        <source>About</source>
        <translation>О чём</translation>
    </message>
    <message>
        <source>Firing since</source>
        <translation>Срабатывает с</translation>
    </message>
    <message>
        <source>Resolved</source>
        <translation>Закрыто</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>Сообщения</translation>
    </message>
    <message>
        <source>Last message</source>
        <translation>Последнее сообщение</translation>
    </message>
    <message>
        <source>What Telegram answered to the latest message</source>
        <translation>Что Telegram ответил на последнее сообщение</translation>
    </message>
    <message>
        <source>Fired</source>
        <translation>Сработало</translation>
    </message>
    <message>
        <source>Messages to chats: sent, failed, unknown</source>
        <translation>Сообщения в чаты: отправлено, не удалось, неизвестно</translation>
    </message>
    <message>
        <source>sent</source>
        <translation>отправлено</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>не удалось</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>неизвестно</translation>
    </message>
    <message>
        <source>not sent yet</source>
        <translation>ещё не отправлено</translation>
    </message>
    <message>
        <source>cleared</source>
        <translation>прошло</translation>
    </message>
    <message>
        <source>rule turned off</source>
        <translation>правило выключено</translation>
    </message>
    <message>
        <source>rule removed</source>
        <translation>правило удалено</translation>
    </message>
    <message>
        <source>the whole inbox</source>
        <translation>весь inbox</translation>
    </message>
    <message>
        <source>%1, error %2</source>
        <translation>%1, ошибка %2</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>firing</source>
        <translation>срабатывает</translation>
    </message>
    <message numerus="yes">
        <source>%n message(s) begun</source>
        <translation>
            <numerusform>начато %n сообщение</numerusform>
            <numerusform>начато %n сообщения</numerusform>
            <numerusform>начато %n сообщений</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 sent, %2 failed, %3 unknown</source>
        <translation>отправлено %1, не удалось %2, неизвестно %3</translation>
    </message>
    <message>
        <source>held back by the silence until %1</source>
        <translation>задержано: правило заглушено до %1</translation>
    </message>
    <message>
        <source>none sent: the rule was turned off</source>
        <translation>не отправлено: правило выключено</translation>
    </message>
    <message>
        <source>none sent: the rule was removed</source>
        <translation>не отправлено: правило удалено</translation>
    </message>
    <message>
        <source>none sent: resolved before the first message</source>
        <translation>не отправлено: прошло до первого сообщения</translation>
    </message>
    <message>
        <source>destination %1</source>
        <translation>получатель %1</translation>
    </message>
    <message>
        <source>polled source %1</source>
        <translation>опрашиваемый источник %1</translation>
    </message>
</context>
<context>
    <name>inbox::AlertNoteDialog</name>
    <message>
        <source>Remove the alert rule &quot;%1&quot;</source>
        <translation>Удалить правило оповещения «%1»</translation>
    </message>
    <message>
        <source>Silence the alert rule &quot;%1&quot;</source>
        <translation>Заглушить правило оповещения «%1»</translation>
    </message>
    <message>
        <source>The rule stops and its firing alerts close. Its history and journal entries stay.</source>
        <translation>Правило перестанет работать, его сработавшие оповещения закроются. История и записи журнала останутся.</translation>
    </message>
    <message>
        <source>Nothing of the rule is sent until then. Its alerts still open and close, so the console stays true.</source>
        <translation>До этого времени по правилу ничего не отправляется. Его оповещения по-прежнему открываются и закрываются, так что консоль показывает правду.</translation>
    </message>
    <message>
        <source>Silence for</source>
        <translation>Заглушить на</translation>
    </message>
    <message>
        <source>1 hour</source>
        <translation>1 час</translation>
    </message>
    <message>
        <source>4 hours</source>
        <translation>4 часа</translation>
    </message>
    <message>
        <source>1 day</source>
        <translation>1 день</translation>
    </message>
    <message>
        <source>3 days</source>
        <translation>3 дня</translation>
    </message>
    <message>
        <source>1 week</source>
        <translation>1 неделю</translation>
    </message>
    <message>
        <source>30 days</source>
        <translation>30 дней</translation>
    </message>
    <message>
        <source>Silence &amp;for:</source>
        <translation>Заглушить &amp;на:</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Примечание</translation>
    </message>
    <message>
        <source>why (optional)</source>
        <translation>почему (необязательно)</translation>
    </message>
    <message>
        <source>why the rule is silenced</source>
        <translation>почему правило заглушено</translation>
    </message>
    <message>
        <source>&amp;Note:</source>
        <translation>&amp;Примечание:</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Удалить</translation>
    </message>
    <message>
        <source>&amp;Silence</source>
        <translation>&amp;Заглушить</translation>
    </message>
    <message>
        <source>Only a manager (inbox_manager) may do this. The database said: %1</source>
        <translation>Это может только менеджер (inbox_manager). База данных ответила: %1</translation>
    </message>
</context>
<context>
    <name>inbox::AlertNotifier</name>
    <message>
        <source>Alert: %1</source>
        <translation>Оповещение: %1</translation>
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
        <translation>Отправлять сообщение «&amp;прошло», когда оповещение закрывается</translation>
    </message>
    <message>
        <source>&amp;Enabled</source>
        <translation>&amp;Включено</translation>
    </message>
    <message>
        <source>Alert rule &quot;%1&quot;</source>
        <translation>Правило оповещения «%1»</translation>
    </message>
    <message>
        <source>New alert rule</source>
        <translation>Новое правило оповещения</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Название</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Вид</translation>
    </message>
    <message>
        <source>A rule keeps its kind: for another kind, create a new rule</source>
        <translation>Вид правила не меняется: для другого вида создайте новое правило</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>Важность</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>Источники</translation>
    </message>
    <message>
        <source>all sources</source>
        <translation>все источники</translation>
    </message>
    <message>
        <source>Telegram chats</source>
        <translation>Чаты Telegram</translation>
    </message>
    <message>
        <source>chat ids or @channel names, separated by commas</source>
        <translation>id чатов или @имена каналов через запятую</translation>
    </message>
    <message>
        <source>Repeat interval</source>
        <translation>Интервал повтора</translation>
    </message>
    <message>
        <source> min</source>
        <translation> мин</translation>
    </message>
    <message>
        <source>How often a firing alert is sent again (default 240 min, 4 h)</source>
        <translation>Как часто сработавшее оповещение отправляется снова (по умолчанию 240 мин, 4 ч)</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Название:</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>&amp;Вид:</translation>
    </message>
    <message>
        <source>Se&amp;verity:</source>
        <translation>Ва&amp;жность:</translation>
    </message>
    <message>
        <source>S&amp;ources:</source>
        <translation>&amp;Источники:</translation>
    </message>
    <message>
        <source>&amp;Chats:</source>
        <translation>&amp;Чаты:</translation>
    </message>
    <message>
        <source>Re&amp;peat every:</source>
        <translation>Повто&amp;рять каждые:</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>не задано</translation>
    </message>
    <message>
        <source>whole number %1..%2</source>
        <translation>целое число %1..%2</translation>
    </message>
    <message>
        <source>number %1..%2</source>
        <translation>число %1..%2</translation>
    </message>
    <message>
        <source>%1; default %2</source>
        <translation>%1; по умолчанию %2</translation>
    </message>
    <message>
        <source>%1 (default %2):</source>
        <translation>%1 (по умолчанию %2):</translation>
    </message>
    <message>
        <source>the whole inbox (this kind has no sources)</source>
        <translation>весь inbox (у этого вида нет источников)</translation>
    </message>
    <message>
        <source>Only a manager (inbox_manager) may change alert rules. The database said: %1</source>
        <translation>Менять правила оповещений может только менеджер (inbox_manager). База данных ответила: %1</translation>
    </message>
    <message>
        <source>The connection was lost; the rule may or may not be saved. Look at the list before saving again. (%1)</source>
        <translation>Соединение потеряно; правило могло сохраниться, а могло и нет. Посмотрите список, прежде чем сохранять снова. (%1)</translation>
    </message>
    <message>
        <source>Stuck longer than, minutes</source>
        <translation>Зависло дольше, минут</translation>
    </message>
    <message>
        <source>New failures, at least</source>
        <translation>Новых ошибок, не меньше</translation>
    </message>
    <message>
        <source>Times the usual share</source>
        <translation>Во сколько раз выше обычной доли</translation>
    </message>
    <message>
        <source>Rise of the share, at least</source>
        <translation>Рост доли, не меньше</translation>
    </message>
    <message>
        <source>Deliveries today, at least</source>
        <translation>Доставок сегодня, не меньше</translation>
    </message>
    <message>
        <source>Days of history to compare with</source>
        <translation>Дней истории для сравнения</translation>
    </message>
    <message>
        <source>Always above the share</source>
        <translation>Всегда, если доля выше</translation>
    </message>
    <message>
        <source>Silent longer than its usual gap times</source>
        <translation>Молчит дольше обычного перерыва, раз</translation>
    </message>
    <message>
        <source>Or silent longer than, minutes</source>
        <translation>Или молчит дольше, минут</translation>
    </message>
    <message>
        <source>Oldest open pair older than, hours</source>
        <translation>Старейшая открытая пара старше, часов</translation>
    </message>
    <message>
        <source>%1:</source>
        <translation>%1:</translation>
    </message>
    <message>
        <source>Give one of the two gaps, not both.</source>
        <translation>Укажите один из двух перерывов, не оба.</translation>
    </message>
    <message>
        <source>Destination</source>
        <translation>Получатель</translation>
    </message>
    <message>
        <source>Oldest waiting event older than, minutes</source>
        <translation>Старейшее ждущее событие старше, минут</translation>
    </message>
    <message>
        <source>Fire as soon as it is paused</source>
        <translation>Срабатывать сразу при паузе</translation>
    </message>
    <message>
        <source>Paused by a person, or by the handler&apos;s 410 Gone. Off: a pause fires only once the backlog is old enough</source>
        <translation>Паузу ставит человек или ответ обработчика 410 Gone. Выключено: при паузе правило срабатывает, только когда ждущие события станут достаточно старыми</translation>
    </message>
    <message>
        <source>its name, as on the Handlers tab</source>
        <translation>его имя, как на вкладке «Обработчики»</translation>
    </message>
    <message>
        <source>%1..%2 characters</source>
        <translation>%1..%2 символов</translation>
    </message>
    <message>
        <source>Fires while the destination is paused, or while the oldest event of the sources below still waiting for delivery is older than that. Name the sources of its route.</source>
        <translation>Срабатывает, пока получатель на паузе или пока старейшее ещё не доставленное событие перечисленных ниже источников старше этого. Укажите источники его маршрута.</translation>
    </message>
    <message>
        <source>all sources (the destination&apos;s route)</source>
        <translation>все источники (маршрут получателя)</translation>
    </message>
    <message>
        <source>No successful poll for longer than, minutes</source>
        <translation>Нет успешного опроса дольше, минут</translation>
    </message>
    <message>
        <source>Fire as soon as the source is stopped (credentials refused)</source>
        <translation>Срабатывать сразу, когда источник остановлен (доступ отклонён)</translation>
    </message>
    <message>
        <source>The marketplace or CRM answered 401 or 403: polling stops until the poller is restarted. Off: a stopped source fires only once it is that long without a successful poll</source>
        <translation>Маркетплейс или CRM ответили 401 или 403: опрос остановлен до перезапуска поллера. Выключено: остановленный источник срабатывает, только когда пробудет столько же без успешного опроса</translation>
    </message>
    <message>
        <source>Fires when a polled source has had no successful poll for that long, or is stopped. The sources below are names as in the poller&apos;s configuration; a name it has not polled yet is watched from its first poll.</source>
        <translation>Срабатывает, когда у опрашиваемого источника так долго не было успешного опроса или он остановлен. Источники ниже — имена из конфигурации поллера; имя, которое он ещё не опрашивал, отслеживается с первого опроса.</translation>
    </message>
    <message>
        <source>every polled source</source>
        <translation>все опрашиваемые источники</translation>
    </message>
</context>
<context>
    <name>inbox::AlertRulesDialog</name>
    <message>
        <source>&amp;New rule...</source>
        <translation>&amp;Новое правило...</translation>
    </message>
    <message>
        <source>&amp;Edit...</source>
        <translation>&amp;Изменить...</translation>
    </message>
    <message>
        <source>&amp;Remove...</source>
        <translation>&amp;Удалить...</translation>
    </message>
    <message>
        <source>&amp;Silence...</source>
        <translation>&amp;Заглушить...</translation>
    </message>
    <message>
        <source>End si&amp;lence</source>
        <translation>Сн&amp;ять заглушение</translation>
    </message>
    <message>
        <source>Notify &amp;me on this computer</source>
        <translation>Уведомлять &amp;меня на этом компьютере</translation>
    </message>
    <message>
        <source>Alert rules</source>
        <translation>Правила оповещений</translation>
    </message>
    <message>
        <source>History of alerts</source>
        <translation>История оповещений</translation>
    </message>
    <message>
        <source>A desktop notice when this rule fires, while the console runs. Kept for you on this computer only.</source>
        <translation>Уведомление на рабочем столе, когда правило срабатывает, пока консоль запущена. Хранится только для вас на этом компьютере.</translation>
    </message>
    <message>
        <source>Only managers (inbox_manager) change alert rules; you can read them and subscribe to their desktop notices.</source>
        <translation>Правила оповещений меняют только менеджеры (inbox_manager); вы можете их читать и подписаться на уведомления на рабочем столе.</translation>
    </message>
    <message>
        <source>R&amp;ules</source>
        <translation>П&amp;равила</translation>
    </message>
    <message>
        <source>&amp;History</source>
        <translation>&amp;История</translation>
    </message>
    <message>
        <source>The rules could not be read: %1</source>
        <translation>Не удалось прочитать правила: %1</translation>
    </message>
    <message>
        <source>Rule %1 saved.</source>
        <translation>Правило %1 сохранено.</translation>
    </message>
</context>
<context>
    <name>inbox::AlertRulesModel</name>
    <message>
        <source>Name</source>
        <translation>Название</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Вид</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>Важность</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>Источники</translation>
    </message>
    <message>
        <source>The sources the rule watches; all when none named</source>
        <translation>Источники, за которыми следит правило; все, если не названы</translation>
    </message>
    <message>
        <source>Chats</source>
        <translation>Чаты</translation>
    </message>
    <message>
        <source>The Telegram chats that hear the rule</source>
        <translation>Чаты Telegram, получающие оповещения правила</translation>
    </message>
    <message>
        <source>Repeat</source>
        <translation>Повтор</translation>
    </message>
    <message>
        <source>How often a firing alert is sent again</source>
        <translation>Как часто сработавшее оповещение отправляется снова</translation>
    </message>
    <message>
        <source>Resolved message</source>
        <translation>Сообщение о закрытии</translation>
    </message>
    <message>
        <source>Whether a message is sent when the alert clears</source>
        <translation>Отправляется ли сообщение, когда оповещение закрывается</translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation>Включено</translation>
    </message>
    <message>
        <source>Silenced until</source>
        <translation>Заглушено до</translation>
    </message>
    <message>
        <source>Changed by</source>
        <translation>Кто изменил</translation>
    </message>
    <message>
        <source>Who changed the rule last, and when</source>
        <translation>Кто и когда последним изменил правило</translation>
    </message>
    <message>
        <source>stuck events</source>
        <translation>зависшие события</translation>
    </message>
    <message>
        <source>failed events</source>
        <translation>неудачные события</translation>
    </message>
    <message>
        <source>repeat share jump</source>
        <translation>скачок доли повторов</translation>
    </message>
    <message>
        <source>failure share jump</source>
        <translation>скачок доли ошибок</translation>
    </message>
    <message>
        <source>silent source</source>
        <translation>молчащий источник</translation>
    </message>
    <message>
        <source>old duplicate pairs</source>
        <translation>старые пары дублей</translation>
    </message>
    <message>
        <source>info</source>
        <translation>информация</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>предупреждение</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>критично</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1 д</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 ч</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 мин</translation>
    </message>
    <message>
        <source>all sources</source>
        <translation>все источники</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>да</translation>
    </message>
    <message>
        <source>no</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>destination paused or behind</source>
        <translation>получатель на паузе или отстаёт</translation>
    </message>
    <message>
        <source>polling stalled or stopped</source>
        <translation>опрос встал или остановлен</translation>
    </message>
</context>
<context>
    <name>inbox::AttentionModel</name>
    <message>
        <source>Failed: validation</source>
        <translation>Ошибка: проверка данных</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Ошибка</translation>
    </message>
    <message>
        <source>Stuck</source>
        <translation>Зависло</translation>
    </message>
    <message>
        <source>Needs review</source>
        <translation>Нужна проверка</translation>
    </message>
    <message>
        <source>(no error text)</source>
        <translation>(нет текста ошибки)</translation>
    </message>
    <message numerus="yes">
        <source>%n workers</source>
        <translation>
            <numerusform>%n обработчик</numerusform>
            <numerusform>%n обработчика</numerusform>
            <numerusform>%n обработчиков</numerusform>
        </translation>
    </message>
    <message>
        <source>Validation failure: the data was refused, a plain retry fails again unless the data was fixed</source>
        <translation>Ошибка проверки: данные отклонены, простой повтор снова не пройдёт, если данные не исправлены</translation>
    </message>
    <message>
        <source>Processing past the lock timeout; held by %1</source>
        <translation>Обрабатывается дольше тайм-аута блокировки; держит %1</translation>
    </message>
    <message>
        <source>Trouble</source>
        <translation>Проблема</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Источник</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Ошибка</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>События</translation>
    </message>
    <message>
        <source>Newest</source>
        <translation>Последнее</translation>
    </message>
    <message>
        <source>Worker</source>
        <translation>Обработчик</translation>
    </message>
    <message>
        <source>Stuck for</source>
        <translation>Зависло на</translation>
    </message>
</context>
<context>
    <name>inbox::AttentionPage</name>
    <message>
        <source>Source</source>
        <translation>Источник</translation>
    </message>
    <message>
        <source>Selected events...</source>
        <translation>Выбранные события...</translation>
    </message>
    <message>
        <source>All events of the selected group...</source>
        <translation>Все события выбранной группы...</translation>
    </message>
    <message>
        <source>All events matching the filter...</source>
        <translation>Все события под фильтром...</translation>
    </message>
    <message>
        <source>Needs attention</source>
        <translation>Требует внимания</translation>
    </message>
    <message>
        <source>External id, idempotency key or event id</source>
        <translation>Внешний id, ключ идемпотентности или id события</translation>
    </message>
    <message>
        <source>Requeue...</source>
        <translation>Вернуть в очередь...</translation>
    </message>
    <message numerus="yes">
        <source>%n group(s)</source>
        <translation>
            <numerusform>%n группа</numerusform>
            <numerusform>%n группы</numerusform>
            <numerusform>%n групп</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n event(s)</source>
        <translation>
            <numerusform>%n событие</numerusform>
            <numerusform>%n события</numerusform>
            <numerusform>%n событий</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not read the groups: %1</source>
        <translation>Не удалось прочитать группы: %1</translation>
    </message>
    <message>
        <source>Requeue failed or stuck events: they keep their id and idempotency key</source>
        <translation>Вернуть в очередь упавшие или зависшие события: они сохраняют id и ключ идемпотентности</translation>
    </message>
    <message>
        <source>Read-only: requeue needs the inbox_operator or inbox_manager role</source>
        <translation>Только просмотр: для возврата в очередь нужна роль inbox_operator или inbox_manager</translation>
    </message>
    <message numerus="yes">
        <source>Selected events (%n)...</source>
        <translation>
            <numerusform>Выбранные события (%n)...</numerusform>
            <numerusform>Выбранные события (%n)...</numerusform>
            <numerusform>Выбранные события (%n)...</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n selected event(s)</source>
        <translation>
            <numerusform>%n выбранное событие</numerusform>
            <numerusform>%n выбранных события</numerusform>
            <numerusform>%n выбранных событий</numerusform>
        </translation>
    </message>
    <message>
        <source>the group &quot;%1, %2: %3&quot;</source>
        <translation>группу «%1, %2: %3»</translation>
    </message>
    <message>
        <source>no error text</source>
        <translation>нет текста ошибки</translation>
    </message>
    <message>
        <source>every failed, stuck or needs-review event matching the filter</source>
        <translation>все упавшие, зависшие и требующие проверки события под фильтром</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Вид</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Поиск</translation>
    </message>
    <message>
        <source>Requeue</source>
        <translation>Вернуть в очередь</translation>
    </message>
    <message>
        <source>Go to the search field</source>
        <translation>Перейти к полю поиска</translation>
    </message>
    <message>
        <source>Groups of failed, stuck and needs-review events</source>
        <translation>Группы событий: с ошибкой, зависшие и требующие проверки</translation>
    </message>
    <message>
        <source>Events of the selected group</source>
        <translation>События выбранной группы</translation>
    </message>
    <message>
        <source>Resolve review...</source>
        <translation>Разрешить проверку...</translation>
    </message>
    <message>
        <source>Read-only: resolving a review needs the inbox_operator or inbox_manager role</source>
        <translation>Только чтение: для разрешения проверки нужна роль inbox_operator или inbox_manager</translation>
    </message>
    <message>
        <source>Resolve the review of %1</source>
        <translation>Разрешить проверку: %1</translation>
    </message>
    <message>
        <source>Select events that need review, or a &quot;Needs review&quot; group</source>
        <translation>Выберите события, требующие проверки, или группу «Требует проверки»</translation>
    </message>
    <message numerus="yes">
        <source>the %n event(s) listed</source>
        <translation>
            <numerusform>%n показанное событие</numerusform>
            <numerusform>%n показанных события</numerusform>
            <numerusform>%n показанных событий</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>inbox::AuditEventsModel</name>
    <message>
        <source>pruned</source>
        <translation>удалено при очистке</translation>
    </message>
    <message>
        <source>lead %1</source>
        <translation>лид %1</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Событие</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Источник</translation>
    </message>
    <message>
        <source>External id</source>
        <translation>Внешний id</translation>
    </message>
    <message>
        <source>Status now</source>
        <translation>Статус сейчас</translation>
    </message>
    <message>
        <source>Before / lead</source>
        <translation>До / лид</translation>
    </message>
    <message>
        <source>Error before</source>
        <translation>Ошибка до</translation>
    </message>
</context>
<context>
    <name>inbox::AuditModel</name>
    <message>
        <source>requeued</source>
        <translation>возвращено в очередь</translation>
    </message>
    <message>
        <source>merged duplicates</source>
        <translation>объединены дубли</translation>
    </message>
    <message>
        <source>rejected duplicates</source>
        <translation>дубли разделены</translation>
    </message>
    <message>
        <source>undid a decision</source>
        <translation>решение отменено</translation>
    </message>
    <message>
        <source>pruned</source>
        <translation>удалено при очистке</translation>
    </message>
    <message numerus="yes">
        <source>%1 requeued %n event(s): %2</source>
        <translation>
            <numerusform>%1 вернул(а) в очередь %n событие: %2</numerusform>
            <numerusform>%1 вернул(а) в очередь %n события: %2</numerusform>
            <numerusform>%1 вернул(а) в очередь %n событий: %2</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 merged lead %2 into lead %3 (pair %4)</source>
        <translation>%1 объединил(а) лид %2 с лидом %3 (пара %4)</translation>
    </message>
    <message>
        <source>%1 rejected pair %2: leads %3 and %4 are different requests</source>
        <translation>%1 разделил(а) пару %2: лиды %3 и %4 — разные заявки</translation>
    </message>
    <message>
        <source>%1 undid the decision on pair %2 (leads %3 and %4)</source>
        <translation>%1 отменил(а) решение по паре %2 (лиды %3 и %4)</translation>
    </message>
    <message numerus="yes">
        <source>%1 removed %n done event(s) past the retention horizon</source>
        <translation>
            <numerusform>%1 удалил(а) %n завершённое событие старше срока хранения</numerusform>
            <numerusform>%1 удалил(а) %n завершённых события старше срока хранения</numerusform>
            <numerusform>%1 удалил(а) %n завершённых событий старше срока хранения</numerusform>
        </translation>
    </message>
    <message>
        <source>%1. Note: %2</source>
        <translation>%1. Примечание: %2</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Когда</translation>
    </message>
    <message>
        <source>Person</source>
        <translation>Кто</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Действие</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>События</translation>
    </message>
    <message>
        <source>What</source>
        <translation>Что</translation>
    </message>
    <message>
        <source>resolved reviews</source>
        <translation>закрыл проверку</translation>
    </message>
    <message>
        <source>the first body is the event</source>
        <translation>событие — первое тело</translation>
    </message>
    <message>
        <source>the other bodies became events of their own</source>
        <translation>другие тела стали отдельными событиями</translation>
    </message>
    <message>
        <source>handled by hand</source>
        <translation>сделано вручную</translation>
    </message>
    <message numerus="yes">
        <source>%1 resolved the review of %n event(s): %2</source>
        <translation>
            <numerusform>%1 закрыл проверку %n события: %2</numerusform>
            <numerusform>%1 закрыл проверку %n событий: %2</numerusform>
            <numerusform>%1 закрыл проверку %n событий: %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n pair(s)</source>
        <translation>
            <numerusform>%n пара</numerusform>
            <numerusform>%n пары</numerusform>
            <numerusform>%n пар</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>One pair: %n event(s), one per lead</source>
        <translation>
            <numerusform>Одна пара: %n событие, по одному на лид</numerusform>
            <numerusform>Одна пара: %n события, по одному на лид</numerusform>
            <numerusform>Одна пара: %n событий, по одному на лид</numerusform>
        </translation>
    </message>
    <message>
        <source>created an alert rule</source>
        <translation>создал правило оповещения</translation>
    </message>
    <message>
        <source>changed an alert rule</source>
        <translation>изменил правило оповещения</translation>
    </message>
    <message>
        <source>removed an alert rule</source>
        <translation>удалил правило оповещения</translation>
    </message>
    <message>
        <source>silenced an alert rule</source>
        <translation>заглушил правило оповещения</translation>
    </message>
    <message>
        <source>ended a silence</source>
        <translation>снял заглушение</translation>
    </message>
    <message>
        <source>%1 created the alert rule &quot;%2&quot;</source>
        <translation>%1 создал правило оповещения «%2»</translation>
    </message>
    <message>
        <source>%1 changed the alert rule &quot;%2&quot;</source>
        <translation>%1 изменил правило оповещения «%2»</translation>
    </message>
    <message>
        <source>%1 removed the alert rule &quot;%2&quot;</source>
        <translation>%1 удалил правило оповещения «%2»</translation>
    </message>
    <message>
        <source>%1 silenced the alert rule &quot;%2&quot; until %3</source>
        <translation>%1 заглушил правило оповещения «%2» до %3</translation>
    </message>
    <message>
        <source>%1 ended the silence of the alert rule &quot;%2&quot;</source>
        <translation>%1 снял заглушение правила оповещения «%2»</translation>
    </message>
</context>
<context>
    <name>inbox::AuditPage</name>
    <message>
        <source>Action</source>
        <translation>Действие</translation>
    </message>
    <message>
        <source>Open in journal</source>
        <translation>Открыть в журнале</translation>
    </message>
    <message>
        <source>Who acted (the database user)</source>
        <translation>Кто действовал (пользователь базы)</translation>
    </message>
    <message>
        <source>Everyone</source>
        <translation>Все</translation>
    </message>
    <message>
        <source>When the action was taken</source>
        <translation>Когда выполнено действие</translation>
    </message>
    <message>
        <source>Between...</source>
        <translation>В промежутке...</translation>
    </message>
    <message>
        <source>Taken from (inclusive)</source>
        <translation>С (включительно)</translation>
    </message>
    <message>
        <source>Taken before</source>
        <translation>До</translation>
    </message>
    <message>
        <source>Select an action to see its events.</source>
        <translation>Выберите действие, чтобы увидеть его события.</translation>
    </message>
    <message>
        <source>Click an event to open it in the journal</source>
        <translation>Щёлкните событие, чтобы открыть его в журнале</translation>
    </message>
    <message>
        <source>Loading...</source>
        <translation>Загрузка...</translation>
    </message>
    <message>
        <source>Could not read the audit: %1</source>
        <translation>Не удалось прочитать аудит: %1</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>&amp;Person:</source>
        <translation>&amp;Кто:</translation>
    </message>
    <message>
        <source>Actions by people, newest first</source>
        <translation>Действия людей, сначала новые</translation>
    </message>
    <message>
        <source>Events of the selected action</source>
        <translation>События выбранного действия</translation>
    </message>
    <message>
        <source>Copy link</source>
        <translation>Копировать ссылку</translation>
    </message>
    <message>
        <source>The audit entry of the link is not here any more (pruned), or this user may not see it.</source>
        <translation>Записи аудита из ссылки здесь уже нет (удалена при очистке), или этому пользователю её не видно.</translation>
    </message>
</context>
<context>
    <name>inbox::BaselineImporter</name>
    <message>
        <source>An import is already running.</source>
        <translation>Импорт уже идёт.</translation>
    </message>
    <message>
        <source>%1 cannot be opened: %2</source>
        <translation>%1 не открывается: %2</translation>
    </message>
    <message>
        <source>Reading %1...</source>
        <translation>Читаем %1...</translation>
    </message>
    <message>
        <source>No row could be read, nothing was stored.</source>
        <translation>Не прочитано ни одной строки, ничего не сохранено.</translation>
    </message>
    <message numerus="yes">
        <source>Storing %Ln row(s) and counting their duplicates...</source>
        <translation>
            <numerusform>Сохраняем %Ln строку и считаем дубли...</numerusform>
            <numerusform>Сохраняем %Ln строки и считаем дубли...</numerusform>
            <numerusform>Сохраняем %Ln строк и считаем дубли...</numerusform>
        </translation>
    </message>
    <message>
        <source>Not stored.</source>
        <translation>Не сохранено.</translation>
    </message>
</context>
<context>
    <name>inbox::BaselinesModel</name>
    <message>
        <source>Name</source>
        <translation>Название</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Файл</translation>
    </message>
    <message>
        <source>Period</source>
        <translation>Период</translation>
    </message>
    <message>
        <source>The first and last row&apos;s day</source>
        <translation>День первой и последней строки</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Строк</translation>
    </message>
    <message>
        <source>Unreadable lines</source>
        <translation>Нечитаемых строк</translation>
    </message>
    <message>
        <source>Imported by</source>
        <translation>Импортировал</translation>
    </message>
    <message>
        <source>Imported at</source>
        <translation>Импортировано</translation>
    </message>
    <message>
        <source>%1 (%2 – %3, %4 rows)</source>
        <translation>%1 (%2 – %3, строк: %4)</translation>
    </message>
</context>
<context>
    <name>inbox::ComparisonModel</name>
    <message>
        <source>Source</source>
        <translation>Источник</translation>
    </message>
    <message>
        <source>Rows before</source>
        <translation>Строк до</translation>
    </message>
    <message>
        <source>Rows of the imported export</source>
        <translation>Строки импортированной выгрузки</translation>
    </message>
    <message>
        <source>Duplicates before</source>
        <translation>Дублей до</translation>
    </message>
    <message>
        <source>Rows beyond the first of a group: the same external id, or the same phone or e-mail within the window</source>
        <translation>Строки группы после первой: тот же внешний id или тот же телефон либо e-mail в пределах окна</translation>
    </message>
    <message>
        <source>Share before</source>
        <translation>Доля до</translation>
    </message>
    <message>
        <source>Duplicates before as a share of the rows</source>
        <translation>Дубли до как доля от строк</translation>
    </message>
    <message>
        <source>Deliveries after</source>
        <translation>Доставок после</translation>
    </message>
    <message>
        <source>Everything the senders delivered to the inbox in the period</source>
        <translation>Всё, что отправители доставили в inbox за период</translation>
    </message>
    <message>
        <source>Repeats absorbed</source>
        <translation>Поглощено повторов</translation>
    </message>
    <message>
        <source>Deliveries of a key the inbox already had: the duplicates that no longer reach anyone</source>
        <translation>Доставки ключа, который в inbox уже был: дубли, которые больше ни до кого не доходят</translation>
    </message>
    <message>
        <source>Possible duplicates</source>
        <translation>Возможных дублей</translation>
    </message>
    <message>
        <source>Similar leads the inbox flagged for a manager in the period</source>
        <translation>Похожие лиды, отмеченные inbox для менеджера за период</translation>
    </message>
    <message>
        <source>Merged</source>
        <translation>Объединено</translation>
    </message>
    <message>
        <source>Rejected</source>
        <translation>Отклонено</translation>
    </message>
    <message>
        <source>Flagged pairs a manager said were different</source>
        <translation>Отмеченные пары, которые менеджер признал разными</translation>
    </message>
    <message>
        <source>Refused</source>
        <translation>Отклонено на входе</translation>
    </message>
    <message>
        <source>Deliveries the receivers refused at the door</source>
        <translation>Доставки, отклонённые приёмником на входе</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>С ошибкой</translation>
    </message>
    <message>
        <source>Events of the period that failed</source>
        <translation>События периода, завершившиеся ошибкой</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Итого</translation>
    </message>
</context>
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
    <message>
        <source>&amp;Apply migrations</source>
        <translation>&amp;Применить миграции</translation>
    </message>
    <message>
        <source>The server&apos;s certificate was not accepted (sslmode=verify-ca or verify-full): it is not signed by the CA in sslrootcert (or that file is missing), or it does not name the host you connect to. Check the host name and the root certificate with the database administrator; do not turn verification off.</source>
        <translation>Сертификат сервера не принят (sslmode=verify-ca или verify-full): он не подписан центром сертификации из sslrootcert (или этого файла нет) либо в нём не указан хост, к которому вы подключаетесь. Проверьте имя хоста и корневой сертификат вместе с администратором базы данных; не отключайте проверку.</translation>
    </message>
    <message>
        <source>The current connection was kept: still connected as %1 to &quot;%2&quot;, and the other screens keep working on it.</source>
        <translation>Текущее подключение сохранено: вы по-прежнему подключены как %1 к &quot;%2&quot;, и остальные экраны продолжают с ним работать.</translation>
    </message>
    <message>
        <source>optional: a hot standby for the screens to read from, e.g. host=db2 port=5432</source>
        <translation>необязательно: горячий резерв, с которого читают экраны, например host=db2 port=5432</translation>
    </message>
    <message>
        <source>Read from</source>
        <translation>Читать с</translation>
    </message>
    <message>
        <source>The screens read from this standby; every action still goes to the connection string above. Keys left out (dbname, user...) are taken from it. If the standby does not answer, reads go to the primary, unless target_session_attrs is given here.</source>
        <translation>Экраны читают с этого резервного сервера; все действия по-прежнему идут на сервер из строки подключения выше. Недостающие ключи (dbname, user...) берутся из неё. Если резервный сервер не отвечает, чтение идёт с основного, если только здесь не указан target_session_attrs.</translation>
    </message>
    <message>
        <source>Read fro&amp;m:</source>
        <translation>&amp;Читать с:</translation>
    </message>
    <message>
        <source>The Read from string cannot be used: %1. Correct it, or clear it to read from the connection string&apos;s server.</source>
        <translation>Строку «Читать с» нельзя использовать: %1. Исправьте её или очистите, чтобы читать с сервера из строки подключения.</translation>
    </message>
</context>
<context>
    <name>inbox::CsvExportFlow</name>
    <message>
        <source>Open folder</source>
        <translation>Открыть папку</translation>
    </message>
    <message>
        <source>Open the folder of the exported file</source>
        <translation>Открыть папку с выгруженным файлом</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Закрыть</translation>
    </message>
    <message>
        <source>Close the export notice</source>
        <translation>Закрыть сообщение о выгрузке</translation>
    </message>
    <message>
        <source>Export journal to CSV</source>
        <translation>Экспорт журнала в CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>Файлы CSV (*.csv)</translation>
    </message>
    <message numerus="yes">
        <source>Exported %Ln event(s) to %1</source>
        <translation>
            <numerusform>Выгружено %Ln событие в %1</numerusform>
            <numerusform>Выгружено %Ln события в %1</numerusform>
            <numerusform>Выгружено %Ln событий в %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Export to %1 failed: %2. No file was written.</source>
        <translation>Выгрузка в %1 не удалась: %2. Файл не записан.</translation>
    </message>
</context>
<context>
    <name>inbox::CsvReader</name>
    <message>
        <source>The file is in UTF-16: save it as CSV in UTF-8 or Windows-1251 and import it again.</source>
        <translation>Файл в кодировке UTF-16: сохраните его как CSV в UTF-8 или Windows-1251 и импортируйте снова.</translation>
    </message>
    <message>
        <source>This build of Qt cannot read Windows-1251 (it has no ICU).</source>
        <translation>Эта сборка Qt не умеет читать Windows-1251 (в ней нет ICU).</translation>
    </message>
    <message>
        <source>The file has no header line.</source>
        <translation>В файле нет строки заголовков.</translation>
    </message>
    <message>
        <source>The header line cannot be read: %1</source>
        <translation>Не удаётся прочитать строку заголовков: %1</translation>
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
    <message>
        <source>Deliveries per day (UTC), today on the right</source>
        <translation>Доставки по дням (UTC), сегодня справа</translation>
    </message>
    <message>
        <source>Outcomes per day (UTC), today on the right</source>
        <translation>Итоги по дням (UTC), сегодня справа</translation>
    </message>
    <message>
        <source>%1 (UTC)
%2: %3
Click to list that day&apos;s events in the journal.</source>
        <translation>%1 (UTC)
%2: %3
Щелчок покажет события этого дня в журнале.</translation>
    </message>
</context>
<context>
    <name>inbox::DbError</name>
    <message numerus="yes">
        <source>The database did not answer within %n s, probably because another session holds a lock on the data or the server is busy. Press F5 to try again.</source>
        <translation>
            <numerusform>База данных не ответила за %n с: вероятно, другой сеанс держит блокировку на этих данных или сервер перегружен. Нажмите F5, чтобы повторить.</numerusform>
            <numerusform>База данных не ответила за %n с: вероятно, другой сеанс держит блокировку на этих данных или сервер перегружен. Нажмите F5, чтобы повторить.</numerusform>
            <numerusform>База данных не ответила за %n с: вероятно, другой сеанс держит блокировку на этих данных или сервер перегружен. Нажмите F5, чтобы повторить.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>inbox::DestinationPauseDialog</name>
    <message>
        <source>Pause the handler &quot;%1&quot;</source>
        <translation>Приостановить обработчик «%1»</translation>
    </message>
    <message>
        <source>Resume the handler &quot;%1&quot;</source>
        <translation>Возобновить обработчик «%1»</translation>
    </message>
    <message>
        <source>inbox-dispatcher stops sending events to this handler. They wait as they are: nothing fails and nothing is dropped, and they go out once someone resumes it.</source>
        <translation>inbox-dispatcher перестаёт отправлять события этому обработчику. Они ждут как есть: ничто не завершается ошибкой и не теряется, и они уйдут, когда обработчик возобновят.</translation>
    </message>
    <message>
        <source>inbox-dispatcher sends to this handler again, the waiting events first, each with its own Idempotency-Key as before.</source>
        <translation>inbox-dispatcher снова отправляет события этому обработчику, сначала ожидающие, каждое с тем же Idempotency-Key, что и прежде.</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Причина</translation>
    </message>
    <message>
        <source>why, for whoever resumes it</source>
        <translation>почему — для того, кто будет возобновлять</translation>
    </message>
    <message>
        <source>why it can take events again</source>
        <translation>почему он снова может принимать события</translation>
    </message>
    <message>
        <source>&amp;Reason:</source>
        <translation>При&amp;чина:</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Приостановить</translation>
    </message>
    <message>
        <source>R&amp;esume</source>
        <translation>&amp;Возобновить</translation>
    </message>
    <message>
        <source>Only an operator (inbox_operator) may do this. The database said: %1</source>
        <translation>Это может только оператор (inbox_operator). Ответ базы данных: %1</translation>
    </message>
</context>
<context>
    <name>inbox::DestinationsModel</name>
    <message>
        <source>Handler</source>
        <translation>Обработчик</translation>
    </message>
    <message>
        <source>A destination of inbox-dispatcher: the team&apos;s handler it delivers to</source>
        <translation>Получатель inbox-dispatcher: обработчик команды, которому он передаёт события</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Состояние</translation>
    </message>
    <message>
        <source>Its circuit breaker as the dispatcher last reported it, or who paused it and why</source>
        <translation>Предохранитель, каким его в последний раз сообщил диспетчер, или кто приостановил обработчик и почему</translation>
    </message>
    <message>
        <source>Delivered</source>
        <translation>Доставлено</translation>
    </message>
    <message>
        <source>Of its latest 1,000 requests: answered 2xx, the event done</source>
        <translation>Из последних 1 000 запросов: ответ 2xx, событие обработано</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>С ошибкой</translation>
    </message>
    <message>
        <source>Of its latest 1,000 requests: an error answer or none (retried later, or refused for good)</source>
        <translation>Из последних 1 000 запросов: ответ с ошибкой или без ответа (повтор позже или отказ насовсем)</translation>
    </message>
    <message>
        <source>Median</source>
        <translation>Медиана</translation>
    </message>
    <message>
        <source>Median time of its latest 1,000 requests</source>
        <translation>Медианное время последних 1 000 запросов</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>99th percentile time of its latest 1,000 requests</source>
        <translation>99-й процентиль времени последних 1 000 запросов</translation>
    </message>
    <message>
        <source>Last error</source>
        <translation>Последняя ошибка</translation>
    </message>
    <message>
        <source>disabled by the handler (410 Gone): %1</source>
        <translation>отключён обработчиком (410 Gone): %1</translation>
    </message>
    <message>
        <source>paused by %1: %2</source>
        <translation>приостановлен (%1): %2</translation>
    </message>
    <message>
        <source>delivering</source>
        <translation>доставляет</translation>
    </message>
    <message>
        <source>breaker open: events wait, one probe now and then</source>
        <translation>предохранитель разомкнут: события ждут, время от времени одна проба</translation>
    </message>
    <message>
        <source>probing whether the handler is back</source>
        <translation>проверяет, вернулся ли обработчик</translation>
    </message>
    <message>
        <source>waiting as the handler asked (Retry-After)</source>
        <translation>ждёт, как попросил обработчик (Retry-After)</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 мс</translation>
    </message>
    <message>
        <source>%1 requests since %2</source>
        <translation>%1 запросов с %2</translation>
    </message>
</context>
<context>
    <name>inbox::DestinationsPanel</name>
    <message>
        <source>&amp;Pause...</source>
        <translation>При&amp;остановить...</translation>
    </message>
    <message>
        <source>R&amp;esume...</source>
        <translation>&amp;Возобновить...</translation>
    </message>
    <message>
        <source>Handlers inbox-dispatcher delivers to</source>
        <translation>Обработчики, которым inbox-dispatcher передаёт события</translation>
    </message>
    <message>
        <source>Handlers</source>
        <translation>Обработчики</translation>
    </message>
    <message>
        <source>Read-only: pausing and resuming a handler needs the inbox_operator role</source>
        <translation>Только чтение: чтобы приостанавливать и возобновлять обработчик, нужна роль inbox_operator</translation>
    </message>
    <message>
        <source>Stop sending to the selected handler; its events wait</source>
        <translation>Перестать отправлять выбранному обработчику; его события подождут</translation>
    </message>
    <message>
        <source>Send to the selected handler again</source>
        <translation>Снова отправлять выбранному обработчику</translation>
    </message>
    <message numerus="yes">
        <source>Handlers (%n paused)</source>
        <translation>
            <numerusform>Обработчики (%n приостановлен)</numerusform>
            <numerusform>Обработчики (%n приостановлены)</numerusform>
            <numerusform>Обработчики (%n приостановлено)</numerusform>
        </translation>
    </message>
    <message>
        <source>No inbox-dispatcher has reported a handler yet.</source>
        <translation>Ни один inbox-dispatcher ещё не сообщил об обработчиках.</translation>
    </message>
    <message>
        <source>Where inbox-dispatcher hands the events on. Figures are of each handler&apos;s latest %L1 requests; paused, its events wait as they are.</source>
        <translation>Куда inbox-dispatcher передаёт события. Цифры — по последним %L1 запросам каждого обработчика; у приостановленного события ждут как есть.</translation>
    </message>
    <message>
        <source>This database user may not read the handlers: it needs the inbox_support role (or one that includes it).</source>
        <translation>Этому пользователю базы данных нельзя читать обработчики: нужна роль inbox_support (или включающая её).</translation>
    </message>
    <message>
        <source>Could not read the handlers: %1</source>
        <translation>Не удалось прочитать обработчики: %1</translation>
    </message>
</context>
<context>
    <name>inbox::DuplicateGroupsModel</name>
    <message>
        <source>By</source>
        <translation>По</translation>
    </message>
    <message>
        <source>What the rows share</source>
        <translation>Что у строк общего</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Значение</translation>
    </message>
    <message>
        <source>The external id, or the phone or e-mail as normalized</source>
        <translation>Внешний id либо телефон или e-mail после нормализации</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Строк</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>Источники</translation>
    </message>
    <message>
        <source>First</source>
        <translation>Первая</translation>
    </message>
    <message>
        <source>Last</source>
        <translation>Последняя</translation>
    </message>
    <message>
        <source>external id</source>
        <translation>внешний id</translation>
    </message>
    <message>
        <source>phone</source>
        <translation>телефон</translation>
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
        <translation>(без имени)</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>%1 (skipped)</source>
        <translation>%1 (пропущена)</translation>
    </message>
    <message>
        <source>weak</source>
        <translation>слабое</translation>
    </message>
    <message>
        <source>Flagged %1</source>
        <translation>Отмечена %1</translation>
    </message>
    <message>
        <source>Weak evidence: every matching contact is shared by many names</source>
        <translation>Слабое основание: каждый совпавший контакт используют многие имена</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>Ждёт</translation>
    </message>
    <message>
        <source>Channels</source>
        <translation>Каналы</translation>
    </message>
    <message>
        <source>Names</source>
        <translation>Имена</translation>
    </message>
    <message>
        <source>Matched contact</source>
        <translation>Совпавший контакт</translation>
    </message>
    <message>
        <source>Reasons</source>
        <translation>Причины</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Оценка</translation>
    </message>
</context>
<context>
    <name>inbox::DuplicatesPage</name>
    <message>
        <source>Loading…</source>
        <translation>Загрузка…</translation>
    </message>
    <message>
        <source>Merge [M]</source>
        <translation>Объединить [M]</translation>
    </message>
    <message>
        <source>Keep separate [R]</source>
        <translation>Оставить раздельно [R]</translation>
    </message>
    <message>
        <source>Skip [S]</source>
        <translation>Пропустить [S]</translation>
    </message>
    <message>
        <source>Undo my last [U]</source>
        <translation>Отменить моё последнее [U]</translation>
    </message>
    <message>
        <source>Search by phone, e-mail or external id  ( / )</source>
        <translation>Поиск по телефону, e-mail или внешнему id  ( / )</translation>
    </message>
    <message>
        <source>Search pairs</source>
        <translation>Поиск пар</translation>
    </message>
    <message>
        <source>All channels</source>
        <translation>Все каналы</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Канал</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Причина</translation>
    </message>
    <message>
        <source>Any reason</source>
        <translation>Любая причина</translation>
    </message>
    <message>
        <source>Same phone</source>
        <translation>Тот же телефон</translation>
    </message>
    <message>
        <source>Same e-mail</source>
        <translation>Тот же e-mail</translation>
    </message>
    <message>
        <source>Open deal</source>
        <translation>Открытая сделка</translation>
    </message>
    <message>
        <source>Names differ</source>
        <translation>Имена различаются</translation>
    </message>
    <message>
        <source>Weak evidence only</source>
        <translation>Только слабые основания</translation>
    </message>
    <message>
        <source>Strong evidence only</source>
        <translation>Только сильные основания</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>Возраст</translation>
    </message>
    <message>
        <source>Any age</source>
        <translation>Любой возраст</translation>
    </message>
    <message>
        <source>Flagged in the last hour</source>
        <translation>Отмечены за последний час</translation>
    </message>
    <message>
        <source>Flagged in the last 24 hours</source>
        <translation>Отмечены за последние 24 часа</translation>
    </message>
    <message>
        <source>Waiting over 24 hours</source>
        <translation>Ждут больше 24 часов</translation>
    </message>
    <message>
        <source>Waiting over 7 days</source>
        <translation>Ждут больше 7 дней</translation>
    </message>
    <message>
        <source>Open pairs, oldest first</source>
        <translation>Открытые пары, сначала старые</translation>
    </message>
    <message>
        <source>Note (optional), saved with the decision</source>
        <translation>Примечание (необязательно), сохраняется с решением</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Примечание</translation>
    </message>
    <message>
        <source>Same request: link lead B to lead A (M)</source>
        <translation>Одна и та же заявка: связать лид B с лидом A (M)</translation>
    </message>
    <message>
        <source>Different requests: keep them apart for good (R)</source>
        <translation>Разные заявки: оставить раздельно навсегда (R)</translation>
    </message>
    <message>
        <source>Decide later: go to the next pair (S)</source>
        <translation>Решить позже: перейти к следующей паре (S)</translation>
    </message>
    <message>
        <source>Undo my last decision in this session (U)</source>
        <translation>Отменить моё последнее решение в этом сеансе (U)</translation>
    </message>
    <message>
        <source>Could not read the queue: %1</source>
        <translation>Не удалось прочитать очередь: %1</translation>
    </message>
    <message>
        <source>Could not read the pair: %1</source>
        <translation>Не удалось прочитать пару: %1</translation>
    </message>
    <message>
        <source>Not connected.</source>
        <translation>Нет подключения.</translation>
    </message>
    <message>
        <source>Open: —   Decided today: —</source>
        <translation>Открыто: —   Решено сегодня: —</translation>
    </message>
    <message>
        <source>Open: %1   Decided today: %2 by you, %3 by everyone</source>
        <translation>Открыто: %1   Решено сегодня: %2 вами, %3 всеми</translation>
    </message>
    <message>
        <source>Read-only: deciding on duplicates needs the inbox_manager role, which %1 does not have.</source>
        <translation>Только просмотр: решения по дублям требуют роли inbox_manager, которой у %1 нет.</translation>
    </message>
    <message>
        <source>this user</source>
        <translation>этого пользователя</translation>
    </message>
    <message>
        <source>Lead B is already linked to lead #%1: undo that first</source>
        <translation>Лид B уже связан с лидом №%1: сначала отмените это</translation>
    </message>
    <message>
        <source>No open pair matches the filter.</source>
        <translation>Ни одна открытая пара не подходит под фильтр.</translation>
    </message>
    <message>
        <source>No open pairs: nothing to review.</source>
        <translation>Открытых пар нет: проверять нечего.</translation>
    </message>
    <message>
        <source>Showing the oldest %1 pairs; narrow the filter to see the others.</source>
        <translation>Показаны %1 самых старых пар; сузьте фильтр, чтобы увидеть остальные.</translation>
    </message>
    <message>
        <source>Pair #%1 no longer exists.</source>
        <translation>Пары №%1 больше нет.</translation>
    </message>
    <message>
        <source>Pair #%1 · flagged %2 ago · score %3</source>
        <translation>Пара №%1 · отмечена %2 назад · оценка %3</translation>
    </message>
    <message>
        <source>Why: %1</source>
        <translation>Почему: %1</translation>
    </message>
    <message>
        <source>⚠ %1</source>
        <translation>⚠ %1</translation>
    </message>
    <message>
        <source>Decided by you: %1. U undoes it.</source>
        <translation>Решено вами: %1. U отменяет.</translation>
    </message>
    <message>
        <source>Already decided: %1. Nothing to do here; J opens the next pair.</source>
        <translation>Уже решено: %1. Здесь делать нечего; J открывает следующую пару.</translation>
    </message>
    <message>
        <source>Read-only: deciding on duplicates needs the inbox_manager role.</source>
        <translation>Только просмотр: решения по дублям требуют роли inbox_manager.</translation>
    </message>
    <message>
        <source>Pair #%1 is still loading; decide once it is shown.</source>
        <translation>Пара №%1 ещё загружается; решайте, когда она появится.</translation>
    </message>
    <message>
        <source>Pair #%1 is already decided: %2.</source>
        <translation>Пара №%1 уже решена: %2.</translation>
    </message>
    <message>
        <source>Merging pair #%1…</source>
        <translation>Объединение пары №%1…</translation>
    </message>
    <message>
        <source>Keeping pair #%1 separate…</source>
        <translation>Пара №%1 остаётся раздельной…</translation>
    </message>
    <message>
        <source>Nothing of yours to undo in this session.</source>
        <translation>В этом сеансе нет ваших решений для отмены.</translation>
    </message>
    <message>
        <source>Undoing your decision on pair #%1…</source>
        <translation>Отмена вашего решения по паре №%1…</translation>
    </message>
    <message>
        <source>Skipped pair #%1; it stays in the queue.</source>
        <translation>Пара №%1 пропущена; она остаётся в очереди.</translation>
    </message>
    <message>
        <source>That was the last pair in the queue.</source>
        <translation>Это была последняя пара в очереди.</translation>
    </message>
    <message>
        <source>That is the first pair in the queue.</source>
        <translation>Это первая пара в очереди.</translation>
    </message>
    <message>
        <source>That was the last open pair: the queue is empty.</source>
        <translation>Это была последняя открытая пара: очередь пуста.</translation>
    </message>
    <message>
        <source>Undone: pair #%1 is open again.</source>
        <translation>Отменено: пара №%1 снова открыта.</translation>
    </message>
    <message>
        <source>Not undone: pair #%1 has changed since your decision (now: %2).</source>
        <translation>Не отменено: пара №%1 изменилась после вашего решения (сейчас: %2).</translation>
    </message>
    <message>
        <source>Not undone: pair #%1 is already open again.</source>
        <translation>Не отменено: пара №%1 уже снова открыта.</translation>
    </message>
    <message>
        <source>Not undone: pair #%1 no longer exists.</source>
        <translation>Не отменено: пары №%1 больше нет.</translation>
    </message>
    <message>
        <source>The connection was lost during the undo; pair #%1 is now: %2.</source>
        <translation>Соединение прервалось во время отмены; пара №%1 сейчас: %2.</translation>
    </message>
    <message>
        <source>The connection was lost during the undo of pair #%1; whether it was undone is not known yet. It will be read again when the connection is back.</source>
        <translation>Соединение прервалось во время отмены по паре №%1; пока неизвестно, выполнена ли отмена. Пара будет перечитана, когда соединение восстановится.</translation>
    </message>
    <message>
        <source>The undo of pair #%1 failed: %2</source>
        <translation>Отмена по паре №%1 не удалась: %2</translation>
    </message>
    <message>
        <source>merge</source>
        <translation>объединение</translation>
    </message>
    <message>
        <source>keep separate</source>
        <translation>раздельно</translation>
    </message>
    <message>
        <source>Merged pair #%1: lead B is linked to lead A. U undoes it.</source>
        <translation>Пара №%1 объединена: лид B связан с лидом A. U отменяет.</translation>
    </message>
    <message>
        <source>Kept pair #%1 separate. U undoes it.</source>
        <translation>Пара №%1 оставлена раздельной. U отменяет.</translation>
    </message>
    <message>
        <source>Your %1 was not applied: pair #%2 was already %3.</source>
        <translation>Ваше решение «%1» не применено: пара №%2 уже %3.</translation>
    </message>
    <message>
        <source>Not merged: lead B of pair #%1 is already linked to another lead by an earlier decision; undo that one first.</source>
        <translation>Не объединено: лид B пары №%1 уже связан с другим лидом прежним решением; сначала отмените его.</translation>
    </message>
    <message>
        <source>The connection was lost, but your decision went through: pair #%1 is %2.</source>
        <translation>Соединение прервалось, но ваше решение прошло: пара №%1 — %2.</translation>
    </message>
    <message>
        <source>The connection was lost; your %1 was not applied. Pair #%2 is now: %3.</source>
        <translation>Соединение прервалось; ваше решение «%1» не применено. Пара №%2 сейчас: %3.</translation>
    </message>
    <message>
        <source>The connection was lost during the %1 of pair #%2; whether it was applied is not known yet. The pair will be read again when the connection is back.</source>
        <translation>Соединение прервалось во время решения «%1» по паре №%2; пока неизвестно, применено ли оно. Пара будет перечитана, когда соединение восстановится.</translation>
    </message>
    <message>
        <source>The database refused the decision: %1 may not decide on duplicates.</source>
        <translation>База отклонила решение: %1 не может решать по дублям.</translation>
    </message>
    <message>
        <source>The %1 of pair #%2 failed: %3</source>
        <translation>Решение «%1» по паре №%2 не удалось: %3</translation>
    </message>
    <message>
        <source>Next pair</source>
        <translation>Следующая пара</translation>
    </message>
    <message>
        <source>Previous pair</source>
        <translation>Предыдущая пара</translation>
    </message>
    <message>
        <source>Skip: decide later</source>
        <translation>Пропустить: решить позже</translation>
    </message>
    <message>
        <source>Undo my last decision</source>
        <translation>Отменить моё последнее решение</translation>
    </message>
    <message>
        <source>Merge: the same request</source>
        <translation>Объединить: одно и то же обращение</translation>
    </message>
    <message>
        <source>Keep separate: different requests</source>
        <translation>Оставить раздельно: разные обращения</translation>
    </message>
    <message>
        <source>Go to the search field</source>
        <translation>Перейти к полю поиска</translation>
    </message>
    <message>
        <source>In the note field: back to the list</source>
        <translation>В поле примечания: вернуться к списку</translation>
    </message>
    <message>
        <source>The connection was lost during the decision on pair #%1; reading the pair again to tell whether it was applied…</source>
        <translation>Соединение прервалось во время решения по паре №%1; пара читается заново, чтобы выяснить, применено ли решение…</translation>
    </message>
    <message>
        <source>In the search field: back to the list</source>
        <translation>В поле поиска: вернуться к списку</translation>
    </message>
    <message>
        <source>The connection was lost before your decision (%1) on pair #%2 went through: it was not applied. The pair is still open; decide it again.</source>
        <translation>Соединение прервалось раньше, чем ваше решение («%1») по паре №%2 дошло до базы: оно не применено. Пара по-прежнему открыта; примите решение ещё раз.</translation>
    </message>
</context>
<context>
    <name>inbox::Duration</name>
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
        <source>%1 h</source>
        <translation>%1 ч</translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1 д %2 ч</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1 д</translation>
    </message>
</context>
<context>
    <name>inbox::EventDetailLoader</name>
    <message>
        <source>The event is no longer in the database.</source>
        <translation>Этого события уже нет в базе.</translation>
    </message>
</context>
<context>
    <name>inbox::EventDetailPane</name>
    <message>
        <source>received</source>
        <translation>получено</translation>
    </message>
    <message>
        <source>repeat delivery</source>
        <translation>повторная доставка</translation>
    </message>
    <message>
        <source>conflict (different body)</source>
        <translation>конфликт (другое тело)</translation>
    </message>
    <message>
        <source>rearmed by a repeat</source>
        <translation>снова в очереди после повтора</translation>
    </message>
    <message>
        <source>claimed</source>
        <translation>взято в работу</translation>
    </message>
    <message>
        <source>taken over (stale lock)</source>
        <translation>перехвачено (блокировка устарела)</translation>
    </message>
    <message>
        <source>done</source>
        <translation>готово</translation>
    </message>
    <message>
        <source>retry scheduled</source>
        <translation>назначен повтор</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>ошибка</translation>
    </message>
    <message>
        <source>late completion refused</source>
        <translation>запоздалое завершение отклонено</translation>
    </message>
    <message>
        <source>late failure refused</source>
        <translation>запоздалая ошибка отклонена</translation>
    </message>
    <message>
        <source>action started</source>
        <translation>действие начато</translation>
    </message>
    <message>
        <source>action asked again</source>
        <translation>действие запрошено повторно</translation>
    </message>
    <message>
        <source>action done</source>
        <translation>действие выполнено</translation>
    </message>
    <message>
        <source>action failed</source>
        <translation>действие не удалось</translation>
    </message>
    <message>
        <source>lead recorded</source>
        <translation>заявка записана</translation>
    </message>
    <message>
        <source>possible duplicate flagged</source>
        <translation>отмечен возможный дубль</translation>
    </message>
    <message>
        <source>requeued by a person</source>
        <translation>возвращено в очередь человеком</translation>
    </message>
    <message>
        <source>duplicate merged</source>
        <translation>дубль объединён</translation>
    </message>
    <message>
        <source>kept separate</source>
        <translation>оставлено раздельно</translation>
    </message>
    <message>
        <source>decision undone</source>
        <translation>решение отменено</translation>
    </message>
    <message>
        <source>pruned</source>
        <translation>удалено по сроку хранения</translation>
    </message>
    <message>
        <source>Copy id</source>
        <translation>Копировать id</translation>
    </message>
    <message>
        <source>Copy external id</source>
        <translation>Копировать внешний id</translation>
    </message>
    <message>
        <source>Copy key</source>
        <translation>Копировать ключ</translation>
    </message>
    <message>
        <source>Copy the event id to the clipboard</source>
        <translation>Скопировать id события в буфер обмена</translation>
    </message>
    <message>
        <source>Copy the external id to the clipboard</source>
        <translation>Скопировать внешний id в буфер обмена</translation>
    </message>
    <message>
        <source>Copy the idempotency key to the clipboard</source>
        <translation>Скопировать ключ идемпотентности в буфер обмена</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>Поле</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Значение</translation>
    </message>
    <message>
        <source>Save whole body...</source>
        <translation>Сохранить тело целиком...</translation>
    </message>
    <message>
        <source>At</source>
        <translation>Когда</translation>
    </message>
    <message>
        <source>Delivery</source>
        <translation>Доставка</translation>
    </message>
    <message>
        <source>What happened</source>
        <translation>Что произошло</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Подробности</translation>
    </message>
    <message>
        <source>Content type</source>
        <translation>Тип содержимого</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Размер</translation>
    </message>
    <message>
        <source>Fingerprint</source>
        <translation>Отпечаток</translation>
    </message>
    <message>
        <source>Save this body...</source>
        <translation>Сохранить это тело...</translation>
    </message>
    <message>
        <source>Bodies of conflicting deliveries (same key, different content):</source>
        <translation>Тела конфликтующих доставок (тот же ключ, другое содержимое):</translation>
    </message>
    <message>
        <source>Entry</source>
        <translation>Запись</translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>Кто</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Вид</translation>
    </message>
    <message>
        <source>Operation key</source>
        <translation>Ключ операции</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Состояние</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>Вызовов</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Начато</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Завершено</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Результат</translation>
    </message>
    <message>
        <source>Pair</source>
        <translation>Пара</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Статус</translation>
    </message>
    <message>
        <source>Reasons</source>
        <translation>Причины</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Оценка</translation>
    </message>
    <message>
        <source>Other lead</source>
        <translation>Другая заявка</translation>
    </message>
    <message>
        <source>Phone</source>
        <translation>Телефон</translation>
    </message>
    <message>
        <source>E-mail</source>
        <translation>E-mail</translation>
    </message>
    <message>
        <source>Source / external id</source>
        <translation>Источник / внешний id</translation>
    </message>
    <message>
        <source>Lead came</source>
        <translation>Заявка пришла</translation>
    </message>
    <message>
        <source>Decided</source>
        <translation>Решение</translation>
    </message>
    <message>
        <source>Possible duplicates:</source>
        <translation>Возможные дубли:</translation>
    </message>
    <message>
        <source>Body</source>
        <translation>Тело</translation>
    </message>
    <message>
        <source>Deliveries</source>
        <translation>Доставки</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Хронология</translation>
    </message>
    <message>
        <source>Actions</source>
        <translation>Действия</translation>
    </message>
    <message>
        <source>Lead</source>
        <translation>Заявка</translation>
    </message>
    <message>
        <source>Could not load the event: %1</source>
        <translation>Не удалось загрузить событие: %1</translation>
    </message>
    <message>
        <source>event id</source>
        <translation>id события</translation>
    </message>
    <message>
        <source>external id</source>
        <translation>внешний id</translation>
    </message>
    <message>
        <source>idempotency key</source>
        <translation>ключ идемпотентности</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>Сохранено: %1</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>Не сохранено: %1</translation>
    </message>
    <message>
        <source>Event %1 (loading...)</source>
        <translation>Событие %1 (загрузка...)</translation>
    </message>
    <message>
        <source>Select an event to see its body, deliveries, timeline, actions and lead.</source>
        <translation>Выберите событие, чтобы увидеть его тело, доставки, хронологию, действия и заявку.</translation>
    </message>
    <message>
        <source>Event %1 is no longer in the database (pruned).</source>
        <translation>События %1 уже нет в базе (удалено по сроку хранения).</translation>
    </message>
    <message>
        <source>Event %1: %2 / %3</source>
        <translation>Событие %1: %2 / %3</translation>
    </message>
    <message>
        <source>kind %1</source>
        <translation>вид %1</translation>
    </message>
    <message>
        <source>attempt %1 of %2</source>
        <translation>попытка %1 из %2</translation>
    </message>
    <message>
        <source>deliveries %1</source>
        <translation>доставок %1</translation>
    </message>
    <message>
        <source>occurred %1</source>
        <translation>произошло %1</translation>
    </message>
    <message>
        <source>received %1</source>
        <translation>получено %1</translation>
    </message>
    <message>
        <source>next attempt %1</source>
        <translation>следующая попытка %1</translation>
    </message>
    <message>
        <source>locked by %1 since %2</source>
        <translation>заблокировано %1 с %2</translation>
    </message>
    <message>
        <source>done %1</source>
        <translation>готово %1</translation>
    </message>
    <message>
        <source>key %1</source>
        <translation>ключ %1</translation>
    </message>
    <message>
        <source>Last error (retryable): %1</source>
        <translation>Последняя ошибка (можно повторить): %1</translation>
    </message>
    <message>
        <source>Last error (not retryable): %1</source>
        <translation>Последняя ошибка (повтор не поможет): %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Needs review:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Нужна проверка:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>Result: %1</source>
        <translation>Результат: %1</translation>
    </message>
    <message>
        <source>Not valid JSON (%1); shown as text.</source>
        <translation>Некорректный JSON (%1); показан как текст.</translation>
    </message>
    <message>
        <source>JSON nested deeper than %1 levels; shown as text.</source>
        <translation>JSON вложен глубже %1 уровней; показан как текст.</translation>
    </message>
    <message>
        <source>Binary data; shown as a hex dump.</source>
        <translation>Двоичные данные; показаны шестнадцатеричным дампом.</translation>
    </message>
    <message>
        <source>Bytes that are not valid UTF-8 are shown as �.</source>
        <translation>Байты, не являющиеся корректным UTF-8, показаны как �.</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>пусто</translation>
    </message>
    <message>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <source>form fields</source>
        <translation>поля формы</translation>
    </message>
    <message>
        <source>text</source>
        <translation>текст</translation>
    </message>
    <message>
        <source>hex dump</source>
        <translation>шестнадцатеричный дамп</translation>
    </message>
    <message>
        <source>showing the first %1; save the whole body to see all of it</source>
        <translation>показаны первые %1; сохраните тело целиком, чтобы увидеть всё</translation>
    </message>
    <message>
        <source>No conflicting delivery: every repeat had the same body.</source>
        <translation>Конфликтующих доставок нет: все повторы пришли с тем же телом.</translation>
    </message>
    <message>
        <source>%1 (person)</source>
        <translation>%1 (человек)</translation>
    </message>
    <message>
        <source>... earlier entries left out: showing the first and the latest %1</source>
        <translation>... часть записей пропущена: показаны первая и последние %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Lead %1&lt;/b&gt;, came %2</source>
        <translation>&lt;b&gt;Заявка %1&lt;/b&gt;, пришла %2</translation>
    </message>
    <message>
        <source>Name: %1</source>
        <translation>Имя: %1</translation>
    </message>
    <message>
        <source>Phone: %1</source>
        <translation>Телефон: %1</translation>
    </message>
    <message>
        <source>E-mail: %1</source>
        <translation>E-mail: %1</translation>
    </message>
    <message>
        <source>Channel: %1</source>
        <translation>Канал: %1</translation>
    </message>
    <message>
        <source>Summary: %1</source>
        <translation>Суть: %1</translation>
    </message>
    <message>
        <source>Deal %1 (open)</source>
        <translation>Сделка %1 (открыта)</translation>
    </message>
    <message>
        <source>Deal %1 (closed)</source>
        <translation>Сделка %1 (закрыта)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Merged into lead %1&lt;/b&gt;</source>
        <translation>&lt;b&gt;Объединена с заявкой %1&lt;/b&gt;</translation>
    </message>
    <message>
        <source> (weak)</source>
        <translation> (слабая)</translation>
    </message>
    <message>
        <source>Copied %1</source>
        <translation>Скопирован %1</translation>
    </message>
    <message>
        <source>Save body</source>
        <translation>Сохранить тело</translation>
    </message>
    <message>
        <source>Reading the whole body...</source>
        <translation>Читаю тело целиком...</translation>
    </message>
    <message>
        <source>Body fields</source>
        <translation>Поля тела</translation>
    </message>
    <message>
        <source>Conflicting bodies</source>
        <translation>Конфликтующие тела</translation>
    </message>
    <message>
        <source>Fields of the conflicting body</source>
        <translation>Поля конфликтующего тела</translation>
    </message>
    <message>
        <source>Possible duplicates</source>
        <translation>Возможные дубли</translation>
    </message>
    <message>
        <source>Double-click or Enter: open the pair on Duplicates</source>
        <translation>Двойной щелчок или Enter: открыть пару на экране «Дубликаты»</translation>
    </message>
    <message>
        <source>Earlier error, before the attempt that succeeded: %1</source>
        <translation>Прежняя ошибка, до успешной попытки: %1</translation>
    </message>
    <message>
        <source>This event has no lead, so it has no possible duplicates.</source>
        <translation>У этого события нет лида, поэтому нет и возможных дубликатов.</translation>
    </message>
    <message>
        <source>Copy link</source>
        <translation>Копировать ссылку</translation>
    </message>
    <message>
        <source>Copy a link to this event that a colleague can open (%1)</source>
        <translation>Скопировать ссылку на это событие, которую откроет коллега (%1)</translation>
    </message>
    <message numerus="yes">
        <source>not tried yet, up to %n attempt(s)</source>
        <translation>
            <numerusform>ещё не обрабатывалось, до %n попытки</numerusform>
            <numerusform>ещё не обрабатывалось, до %n попыток</numerusform>
            <numerusform>ещё не обрабатывалось, до %n попыток</numerusform>
        </translation>
    </message>
    <message>
        <source>Handler</source>
        <translation>Обработчик</translation>
    </message>
    <message>
        <source>Destination</source>
        <translation>Получатель</translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation>Попытка</translation>
    </message>
    <message>
        <source>HTTP status</source>
        <translation>HTTP-статус</translation>
    </message>
    <message>
        <source>Took</source>
        <translation>Длилось</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Итог</translation>
    </message>
    <message>
        <source>Answer or error</source>
        <translation>Ответ или ошибка</translation>
    </message>
    <message>
        <source>Requests to the handler</source>
        <translation>Запросы к обработчику</translation>
    </message>
    <message>
        <source>Each request inbox-dispatcher made to hand this event to the team&apos;s handler, with the same Idempotency-Key every time</source>
        <translation>Каждый запрос, которым inbox-dispatcher передавал это событие обработчику команды, всякий раз с тем же Idempotency-Key</translation>
    </message>
    <message>
        <source>delivered: done</source>
        <translation>доставлено: обработано</translation>
    </message>
    <message>
        <source>failed: will be retried</source>
        <translation>ошибка: будет повтор</translation>
    </message>
    <message>
        <source>refused by the handler: failed</source>
        <translation>отклонено обработчиком: ошибка</translation>
    </message>
    <message>
        <source>failed: no attempts left</source>
        <translation>ошибка: попытки исчерпаны</translation>
    </message>
    <message>
        <source>given back uncounted: the destination is paused</source>
        <translation>возвращено без учёта попытки: получатель на паузе</translation>
    </message>
    <message>
        <source>not recorded: the event was no longer held</source>
        <translation>не записано: событие уже не удерживалось</translation>
    </message>
    <message>
        <source>no answer</source>
        <translation>нет ответа</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 мс</translation>
    </message>
    <message>
        <source>repeat after removal by retention</source>
        <translation>повтор после удаления по сроку хранения</translation>
    </message>
    <message>
        <source>Event %1: %2 / %3 (removed by retention)</source>
        <translation>Событие %1: %2 / %3 (удалено по сроку хранения)</translation>
    </message>
    <message>
        <source>Not available: the event was removed by retention on %1; only its key and a summary are kept, so it has no body and no actions (nothing to requeue, save or link to).</source>
        <translation>Недоступно: событие удалено по сроку хранения %1; остались только его ключ и сводка, поэтому у него нет ни тела, ни действий (нечего ставить в очередь заново, сохранять или давать ссылкой).</translation>
    </message>
    <message>
        <source>first seen %1</source>
        <translation>впервые получено %1</translation>
    </message>
    <message>
        <source>final status %1</source>
        <translation>итоговый статус %1</translation>
    </message>
    <message>
        <source>deliveries %1 (repeats after the removal included)</source>
        <translation>доставок %1 (с повторами после удаления)</translation>
    </message>
    <message>
        <source>last delivery %1</source>
        <translation>последняя доставка %1</translation>
    </message>
    <message>
        <source>... older repeats after the removal left out: showing the latest %1</source>
        <translation>... более ранние повторы после удаления не показаны: показаны последние %1</translation>
    </message>
    <message>
        <source>removed by retention</source>
        <translation>удалено по сроку хранения</translation>
    </message>
    <message>
        <source>Body and actions removed by retention on %1; its journal entries stay until their day is pruned.</source>
        <translation>Тело и действия удалены по сроку хранения %1; записи журнала остаются, пока не удалён их день.</translation>
    </message>
</context>
<context>
    <name>inbox::ExportLayout</name>
    <message>
        <source>Source</source>
        <translation>Источник</translation>
    </message>
    <message>
        <source>External id</source>
        <translation>Внешний ID</translation>
    </message>
    <message>
        <source>Created at</source>
        <translation>Дата создания</translation>
    </message>
    <message>
        <source>Phone</source>
        <translation>Телефон</translation>
    </message>
    <message>
        <source>E-mail</source>
        <translation>E-mail</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Имя</translation>
    </message>
    <message>
        <source>Other CSV, mapped by hand</source>
        <translation>Другой CSV, столбцы указаны вручную</translation>
    </message>
    <message>
        <source>Bitrix24 leads</source>
        <translation>Лиды Битрикс24</translation>
    </message>
    <message>
        <source>Bitrix24 deals</source>
        <translation>Сделки Битрикс24</translation>
    </message>
    <message>
        <source>amoCRM deals</source>
        <translation>Сделки amoCRM</translation>
    </message>
</context>
<context>
    <name>inbox::FiringAlertsPanel</name>
    <message>
        <source>&amp;Go to it</source>
        <translation>&amp;Перейти</translation>
    </message>
    <message>
        <source>Alert r&amp;ules...</source>
        <translation>Правила о&amp;повещений...</translation>
    </message>
    <message>
        <source>Alerts firing now</source>
        <translation>Сработавшие оповещения</translation>
    </message>
    <message>
        <source>Open what the selected alert is about (Enter)</source>
        <translation>Открыть то, о чём выбранное оповещение (Enter)</translation>
    </message>
    <message>
        <source>The alert rules, who hears them, and the history of alerts</source>
        <translation>Правила оповещений, кто их получает, и история оповещений</translation>
    </message>
    <message>
        <source>Alerts could not be read: %1</source>
        <translation>Не удалось прочитать оповещения: %1</translation>
    </message>
    <message>
        <source>No alert is firing.</source>
        <translation>Ни одно оповещение не сработало.</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n alert(s) firing now&lt;/b&gt;</source>
        <translation>
            <numerusform>&lt;b&gt;Сработало %n оповещение&lt;/b&gt;</numerusform>
            <numerusform>&lt;b&gt;Сработало %n оповещения&lt;/b&gt;</numerusform>
            <numerusform>&lt;b&gt;Сработало %n оповещений&lt;/b&gt;</numerusform>
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
        <translation>Строка</translation>
    </message>
    <message>
        <source>The line of the imported file</source>
        <translation>Строка импортированного файла</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Источник</translation>
    </message>
    <message>
        <source>External id</source>
        <translation>Внешний id</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Создан</translation>
    </message>
    <message>
        <source>Phones</source>
        <translation>Телефоны</translation>
    </message>
    <message>
        <source>E-mails</source>
        <translation>E-mail</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Имя</translation>
    </message>
</context>
<context>
    <name>inbox::HelpMenu</name>
    <message>
        <source>&amp;Guide to this screen</source>
        <translation>&amp;Справка по экрану</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>Сочетания &amp;клавиш</translation>
    </message>
    <message>
        <source>Copy &amp;diagnostics</source>
        <translation>Копировать &amp;диагностику</translation>
    </message>
    <message>
        <source>Put a report for support on the clipboard: versions, system, connection (without password) and the end of the log</source>
        <translation>Поместить в буфер обмена отчёт для поддержки: версии, система, подключение (без пароля) и конец лога</translation>
    </message>
    <message>
        <source>&amp;About Inbox Console</source>
        <translation>&amp;О программе Inbox Console</translation>
    </message>
    <message>
        <source>Guide: %1</source>
        <translation>Справка: %1</translation>
    </message>
    <message>
        <source>Guide to the %1 screen</source>
        <translation>Справка по экрану «%1»</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Сочетания клавиш</translation>
    </message>
    <message numerus="yes">
        <source>Diagnostics copied to the clipboard (%n line(s)); no password is included.</source>
        <translation>
            <numerusform>Диагностика скопирована в буфер обмена (%n строка); пароль не включён.</numerusform>
            <numerusform>Диагностика скопирована в буфер обмена (%n строки); пароль не включён.</numerusform>
            <numerusform>Диагностика скопирована в буфер обмена (%n строк); пароль не включён.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>inbox::ImportDialog</name>
    <message>
        <source>no column</source>
        <translation>нет столбца</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>&amp;Импортировать</translation>
    </message>
    <message>
        <source>Import a CRM export as a baseline</source>
        <translation>Импорт выгрузки CRM как базы сравнения</translation>
    </message>
    <message>
        <source>Reading %1...</source>
        <translation>Читаем %1...</translation>
    </message>
    <message>
        <source>e.g. bitrix24</source>
        <translation>например, bitrix24</translation>
    </message>
    <message>
        <source>The source of every row whose source column is empty, or of every row when no column holds it</source>
        <translation>Источник каждой строки с пустым столбцом источника, или всех строк, если такого столбца нет</translation>
    </message>
    <message>
        <source>The first records as the mapping reads them</source>
        <translation>Первые записи так, как их читает сопоставление</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Строка</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Проблема</translation>
    </message>
    <message>
        <source>Lines that could not be read</source>
        <translation>Строки, которые не удалось прочитать</translation>
    </message>
    <message>
        <source>or every row:</source>
        <translation>или для всех строк:</translation>
    </message>
    <message>
        <source>&amp;Source:</source>
        <translation>Ис&amp;точник:</translation>
    </message>
    <message>
        <source>E&amp;xternal id:</source>
        <translation>&amp;Внешний id:</translation>
    </message>
    <message>
        <source>C&amp;reated at:</source>
        <translation>&amp;Создано:</translation>
    </message>
    <message>
        <source>Contacts:</source>
        <translation>Контакты:</translation>
    </message>
    <message>
        <source>Baseline &amp;name:</source>
        <translation>&amp;Название базы:</translation>
    </message>
    <message>
        <source>The first records as this mapping reads them:</source>
        <translation>Первые записи так, как их читает это сопоставление:</translation>
    </message>
    <message>
        <source>%1 cannot be read: %2</source>
        <translation>%1 не читается: %2</translation>
    </message>
    <message>
        <source> (the mapping you made for this header before)</source>
        <translation> (сопоставление, которое вы уже делали для этого заголовка)</translation>
    </message>
    <message>
        <source>(no column)</source>
        <translation>(нет столбца)</translation>
    </message>
    <message>
        <source>No column for: %1. Choose one above (for the source, a column or a name for every row).</source>
        <translation>Нет столбца для: %1. Выберите его выше (для источника — столбец или название для всех строк).</translation>
    </message>
    <message>
        <source>This login may not import a baseline: a manager login may.</source>
        <translation>Этому входу нельзя импортировать базу сравнения: это может менеджер.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln of these records cannot be read with this mapping; the import leaves such lines out and lists them.</source>
        <translation>
            <numerusform>%Ln из этих записей не читается с этим сопоставлением; импорт пропустит такие строки и перечислит их.</numerusform>
            <numerusform>%Ln из этих записей не читаются с этим сопоставлением; импорт пропустит такие строки и перечислит их.</numerusform>
            <numerusform>%Ln из этих записей не читаются с этим сопоставлением; импорт пропустит такие строки и перечислит их.</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Cancel import</source>
        <translation>&amp;Отменить импорт</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Закрыть</translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>строка %1: %2</translation>
    </message>
    <message numerus="yes">
        <source>... and %Ln more.</source>
        <translation>
            <numerusform>... и ещё %Ln.</numerusform>
            <numerusform>... и ещё %Ln.</numerusform>
            <numerusform>... и ещё %Ln.</numerusform>
        </translation>
    </message>
    <message>
        <source>Every line was read.</source>
        <translation>Прочитаны все строки.</translation>
    </message>
    <message>
        <source>Cancelled: nothing was stored.</source>
        <translation>Отменено: ничего не сохранено.</translation>
    </message>
    <message>
        <source>Not stored: %1</source>
        <translation>Не сохранено: %1</translation>
    </message>
    <message numerus="yes">
        <source>%1: %2, &quot;%3&quot; between fields, %Ln column(s). Layout: %4%5.</source>
        <translation>
            <numerusform>%1: %2, между полями «%3», %Ln столбец. Формат: %4%5.</numerusform>
            <numerusform>%1: %2, между полями «%3», %Ln столбца. Формат: %4%5.</numerusform>
            <numerusform>%1: %2, между полями «%3», %Ln столбцов. Формат: %4%5.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The file goes on after these %Ln record(s); the import reads them all, and lists every line it cannot read.</source>
        <translation>
            <numerusform>После этой %Ln записи файл продолжается; импорт прочитает все и перечислит каждую строку, которую не сможет прочитать.</numerusform>
            <numerusform>После этих %Ln записей файл продолжается; импорт прочитает все и перечислит каждую строку, которую не сможет прочитать.</numerusform>
            <numerusform>После этих %Ln записей файл продолжается; импорт прочитает все и перечислит каждую строку, которую не сможет прочитать.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>That is the whole file: %Ln record(s).</source>
        <translation>
            <numerusform>Это весь файл: %Ln запись.</numerusform>
            <numerusform>Это весь файл: %Ln записи.</numerusform>
            <numerusform>Это весь файл: %Ln записей.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stored as baseline &quot;%1&quot;: %Ln row(s). </source>
        <translation>
            <numerusform>Сохранено как база «%1»: %Ln строка. </numerusform>
            <numerusform>Сохранено как база «%1»: %Ln строки. </numerusform>
            <numerusform>Сохранено как база «%1»: %Ln строк. </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln line(s) could not be read (listed below).</source>
        <translation>
            <numerusform>%Ln строку не удалось прочитать (список ниже).</numerusform>
            <numerusform>%Ln строки не удалось прочитать (список ниже).</numerusform>
            <numerusform>%Ln строк не удалось прочитать (список ниже).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>inbox::ImportProblem</name>
    <message>
        <source>A quote opened in this row is never closed.</source>
        <translation>Кавычка, открытая в этой строке, так и не закрыта.</translation>
    </message>
    <message>
        <source>Text follows a closing quote on line %1: a quote is missing or not doubled.</source>
        <translation>После закрывающей кавычки в строке %1 идёт текст: кавычка пропущена или не удвоена.</translation>
    </message>
    <message>
        <source>The row has %1 fields, the header has %2.</source>
        <translation>Полей в строке: %1, в заголовке: %2.</translation>
    </message>
    <message>
        <source>Column &quot;%1&quot; has bytes that are not %2 text.</source>
        <translation>В столбце «%1» есть байты, которые не являются текстом в %2.</translation>
    </message>
    <message>
        <source>No external id: column &quot;%1&quot; is empty.</source>
        <translation>Нет внешнего ID: столбец «%1» пуст.</translation>
    </message>
    <message>
        <source>No creation date: column &quot;%1&quot; is empty.</source>
        <translation>Нет даты создания: столбец «%1» пуст.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a creation date this import reads (dd.MM.yyyy HH:mm:ss, dd.MM.yyyy HH:mm, dd.MM.yyyy or ISO 8601).</source>
        <translation>«%1» — не дата создания в формате, который понимает импорт (дд.ММ.гггг ЧЧ:мм:сс, дд.ММ.гггг ЧЧ:мм, дд.ММ.гггг или ISO 8601).</translation>
    </message>
    <message>
        <source>No source: column &quot;%1&quot; is empty and no source was chosen for the file.</source>
        <translation>Нет источника: столбец «%1» пуст, а источник для файла не выбран.</translation>
    </message>
</context>
<context>
    <name>inbox::JournalExporter</name>
    <message>
        <source>Not connected.</source>
        <translation>Нет подключения.</translation>
    </message>
</context>
<context>
    <name>inbox::JournalModel</name>
    <message>
        <source>received</source>
        <translation>получено</translation>
    </message>
    <message>
        <source>processing</source>
        <translation>в работе</translation>
    </message>
    <message>
        <source>done</source>
        <translation>готово</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>ошибка</translation>
    </message>
    <message>
        <source>%1
(retryable)</source>
        <translation>%1
(можно повторить)</translation>
    </message>
    <message>
        <source>%1
(not retryable)</source>
        <translation>%1
(повтор не поможет)</translation>
    </message>
    <message>
        <source>processing, locked by %1</source>
        <translation>в работе, заблокировано: %1</translation>
    </message>
    <message>
        <source>%1 bytes, %2</source>
        <translation>%1 байт, %2</translation>
    </message>
    <message>
        <source>exact match</source>
        <translation>точное совпадение</translation>
    </message>
    <message>
        <source>its lead&apos;s phone, e-mail or name matches</source>
        <translation>совпал телефон, e-mail или имя его лида</translation>
    </message>
    <message>
        <source>Click to sort</source>
        <translation>Нажмите, чтобы отсортировать</translation>
    </message>
    <message>
        <source>Not sortable (no index behind it)</source>
        <translation>Не сортируется (нет индекса)</translation>
    </message>
    <message>
        <source>Received</source>
        <translation>Получено</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Источник</translation>
    </message>
    <message>
        <source>External id</source>
        <translation>Внешний id</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Вид</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Статус</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Попытки</translation>
    </message>
    <message>
        <source>Deliveries</source>
        <translation>Доставки</translation>
    </message>
    <message>
        <source>Needs review</source>
        <translation>Нужна проверка</translation>
    </message>
    <message>
        <source>Last error</source>
        <translation>Последняя ошибка</translation>
    </message>
    <message>
        <source>Event id</source>
        <translation>id события</translation>
    </message>
    <message>
        <source>Idempotency key</source>
        <translation>Ключ идемпотентности</translation>
    </message>
    <message>
        <source>Occurred</source>
        <translation>Произошло</translation>
    </message>
    <message>
        <source>Body</source>
        <translation>Тело</translation>
    </message>
    <message numerus="yes">
        <source>%n byte(s)</source>
        <translation>
            <numerusform>%n байт</numerusform>
            <numerusform>%n байта</numerusform>
            <numerusform>%n байт</numerusform>
        </translation>
    </message>
    <message>
        <source>Removed by retention on %1: only its key and a summary are kept (no body, no actions)</source>
        <translation>Удалено по сроку хранения %1: остались только ключ и сводка (ни тела, ни действий)</translation>
    </message>
    <message>
        <source>exact match: the key of an event removed by retention on %1</source>
        <translation>точное совпадение: ключ события, удалённого по сроку хранения %1</translation>
    </message>
    <message>
        <source>pruned</source>
        <translation>удалено</translation>
    </message>
    <message>
        <source>Body and actions removed by retention on %1</source>
        <translation>Тело и действия удалены по сроку хранения %1</translation>
    </message>
</context>
<context>
    <name>inbox::JournalPage</name>
    <message>
        <source>Source</source>
        <translation>Источник</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Статус</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Вид</translation>
    </message>
    <message>
        <source>Needs review</source>
        <translation>Нужна проверка</translation>
    </message>
    <message>
        <source>Clear filters</source>
        <translation>Сбросить фильтры</translation>
    </message>
    <message>
        <source>Export CSV...</source>
        <translation>Экспорт в CSV...</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Показать</translation>
    </message>
    <message>
        <source>Search id, key, phone, e-mail or name  ( / )</source>
        <translation>id, ключ, телефон, e-mail или имя  ( / )</translation>
    </message>
    <message>
        <source>An external id, idempotency key or event id (exact matches first), the start of an external id or idempotency key, or a customer&apos;s phone, e-mail or the start of their name as their lead has it (any way the phone is written; e-mail and name in any case)</source>
        <translation>Внешний id, ключ идемпотентности или id события (сначала точные совпадения), начало внешнего id или ключа идемпотентности либо телефон, e-mail или начало имени клиента, как они записаны в его лиде (телефон в любой записи; e-mail и имя в любом регистре)</translation>
    </message>
    <message>
        <source>Only events a person should look at (key conflict, enrichment failed...)</source>
        <translation>Только события, которые должен посмотреть человек (конфликт ключа, не удалось обогащение...)</translation>
    </message>
    <message>
        <source>Write every event the current search and filters match to a CSV file</source>
        <translation>Записать в CSV-файл все события, подходящие под текущий поиск и фильтры</translation>
    </message>
    <message>
        <source>Working...</source>
        <translation>Выполняется...</translation>
    </message>
    <message numerus="yes">
        <source>Working... %n s</source>
        <translation>
            <numerusform>Выполняется... %n с</numerusform>
            <numerusform>Выполняется... %n с</numerusform>
            <numerusform>Выполняется... %n с</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Отменено.</translation>
    </message>
    <message>
        <source>The journal query failed: %1</source>
        <translation>Запрос журнала не выполнен: %1</translation>
    </message>
    <message>
        <source>Copy selected rows</source>
        <translation>Копировать выбранные строки</translation>
    </message>
    <message>
        <source>Copy event id</source>
        <translation>Копировать id события</translation>
    </message>
    <message>
        <source>Copy external id</source>
        <translation>Копировать внешний id</translation>
    </message>
    <message>
        <source>Copy idempotency key</source>
        <translation>Копировать ключ идемпотентности</translation>
    </message>
    <message>
        <source>Not connected.</source>
        <translation>Нет подключения.</translation>
    </message>
    <message>
        <source>%1+ new events since this list was read</source>
        <translation>Более %1 новых событий с момента загрузки списка</translation>
    </message>
    <message numerus="yes">
        <source>%n new event(s) since this list was read</source>
        <translation>
            <numerusform>%n новое событие с момента загрузки списка</numerusform>
            <numerusform>%n новых события с момента загрузки списка</numerusform>
            <numerusform>%n новых событий с момента загрузки списка</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n event(s) in the list</source>
        <translation>
            <numerusform>%n событие в списке</numerusform>
            <numerusform>%n события в списке</numerusform>
            <numerusform>%n событий в списке</numerusform>
        </translation>
    </message>
    <message>
        <source>exact matches first, then external ids and keys starting with the text, then the lead&apos;s phone, e-mail or name</source>
        <translation>сначала точные совпадения, затем внешние id и ключи, начинающиеся с текста, затем телефон, e-mail или имя лида</translation>
    </message>
    <message>
        <source>earlier rows let go to save memory (scroll up to read them again)</source>
        <translation>ранние строки выгружены ради памяти (прокрутите вверх, чтобы прочитать их снова)</translation>
    </message>
    <message>
        <source>more as you scroll</source>
        <translation>остальное при прокрутке</translation>
    </message>
    <message>
        <source>last read %1 ms</source>
        <translation>последнее чтение %1 мс</translation>
    </message>
    <message numerus="yes">
        <source>Copied %n row(s).</source>
        <translation>
            <numerusform>Скопирована %n строка.</numerusform>
            <numerusform>Скопированы %n строки.</numerusform>
            <numerusform>Скопировано %n строк.</numerusform>
        </translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation>Экспорт не удался: %1</translation>
    </message>
    <message>
        <source>Exporting...</source>
        <translation>Экспорт...</translation>
    </message>
    <message>
        <source>Export journal</source>
        <translation>Экспорт журнала</translation>
    </message>
    <message>
        <source>Export cancelled; no file written.</source>
        <translation>Экспорт отменён; файл не записан.</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n row(s)...</source>
        <translation>
            <numerusform>Выгружена %n строка...</numerusform>
            <numerusform>Выгружено %n строки...</numerusform>
            <numerusform>Выгружено %n строк...</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported %n row(s).</source>
        <translation>
            <numerusform>Выгружена %n строка.</numerusform>
            <numerusform>Выгружено %n строки.</numerusform>
            <numerusform>Выгружено %n строк.</numerusform>
        </translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Поиск</translation>
    </message>
    <message>
        <source>Events, newest first</source>
        <translation>События, сначала новые</translation>
    </message>
    <message>
        <source>Go to the search field</source>
        <translation>Перейти к полю поиска</translation>
    </message>
    <message>
        <source>In the search field: cancel a slow search, or go to the table</source>
        <translation>В поле поиска: отменить медленный поиск или перейти к таблице</translation>
    </message>
    <message>
        <source>Copied: %1</source>
        <translation>Скопировано: %1</translation>
    </message>
</context>
<context>
    <name>inbox::LeadComparison</name>
    <message>
        <source>Open event in the journal</source>
        <translation>Открыть событие в журнале</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Канал</translation>
    </message>
    <message>
        <source>Came</source>
        <translation>Пришёл</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Имя</translation>
    </message>
    <message>
        <source>Phone as received</source>
        <translation>Телефон как получен</translation>
    </message>
    <message>
        <source>Phone normalised</source>
        <translation>Телефон нормализованный</translation>
    </message>
    <message>
        <source>E-mail as received</source>
        <translation>E-mail как получен</translation>
    </message>
    <message>
        <source>E-mail normalised</source>
        <translation>E-mail нормализованный</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Сообщение</translation>
    </message>
    <message>
        <source>Deal</source>
        <translation>Сделка</translation>
    </message>
    <message>
        <source>Source event</source>
        <translation>Исходное событие</translation>
    </message>
    <message>
        <source>= same</source>
        <translation>= совпадает</translation>
    </message>
    <message>
        <source>≠ differ</source>
        <translation>≠ различается</translation>
    </message>
    <message>
        <source>Lead A (earlier)</source>
        <translation>Лид A (раньше)</translation>
    </message>
    <message>
        <source>Lead B (newer)</source>
        <translation>Лид B (позже)</translation>
    </message>
    <message>
        <source>Lead A (earlier) #%1</source>
        <translation>Лид A (раньше) №%1</translation>
    </message>
    <message>
        <source>Lead B (newer) #%1</source>
        <translation>Лид B (позже) №%1</translation>
    </message>
    <message>
        <source>+%1</source>
        <translation>+%1</translation>
    </message>
    <message>
        <source>B came %1 after A.</source>
        <translation>B пришёл через %1 после A.</translation>
    </message>
    <message>
        <source>= same (weak)</source>
        <translation>= совпадает (слабо)</translation>
    </message>
    <message>
        <source>no deal</source>
        <translation>нет сделки</translation>
    </message>
    <message>
        <source>%1 (open)</source>
        <translation>%1 (открыта)</translation>
    </message>
    <message>
        <source>%1 (closed)</source>
        <translation>%1 (закрыта)</translation>
    </message>
    <message>
        <source>, linked to lead #%1</source>
        <translation>, связан с лидом №%1</translation>
    </message>
    <message>
        <source>open deal</source>
        <translation>открытая сделка</translation>
    </message>
    <message>
        <source>%1 · %2 · event #%3</source>
        <translation>%1 · %2 · событие №%3</translation>
    </message>
    <message>
        <source>%1 · %2 · event #%3 (pruned)</source>
        <translation>%1 · %2 · событие №%3 (удалено при очистке)</translation>
    </message>
    <message>
        <source>Open A&apos;s event #%1 in the journal</source>
        <translation>Открыть событие A №%1 в журнале</translation>
    </message>
    <message>
        <source>Open B&apos;s event #%1 in the journal</source>
        <translation>Открыть событие B №%1 в журнале</translation>
    </message>
    <message>
        <source>The event was pruned; the lead keeps its source and external id.</source>
        <translation>Событие удалено при очистке; лид сохраняет источник и внешний id.</translation>
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
        <source>Not connected</source>
        <translation>Нет подключения</translation>
    </message>
    <message>
        <source>%1 @ %2, schema %3</source>
        <translation>%1 @ %2, схема %3</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>Подключение</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>Обзор</translation>
    </message>
    <message>
        <source>Journal</source>
        <translation>Журнал</translation>
    </message>
    <message>
        <source>Duplicates</source>
        <translation>Дубли</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Вид</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Обновить</translation>
    </message>
    <message numerus="yes">
        <source>Connection lost: %1. Reconnecting in %n s; what is shown may be out of date.</source>
        <translation>
            <numerusform>Соединение потеряно: %1. Переподключение через %n с; показанное может быть устаревшим.</numerusform>
            <numerusform>Соединение потеряно: %1. Переподключение через %n с; показанное может быть устаревшим.</numerusform>
            <numerusform>Соединение потеряно: %1. Переподключение через %n с; показанное может быть устаревшим.</numerusform>
        </translation>
    </message>
    <message>
        <source>Needs attention</source>
        <translation>Требует внимания</translation>
    </message>
    <message>
        <source>Audit</source>
        <translation>Аудит</translation>
    </message>
    <message>
        <source>&amp;Settings...</source>
        <translation>&amp;Настройки...</translation>
    </message>
    <message>
        <source>Show the %1 screen</source>
        <translation>Показать экран «%1»</translation>
    </message>
    <message>
        <source>No server at the socket %1: is PostgreSQL running?</source>
        <translation>Нет сервера на сокете %1: запущен ли PostgreSQL?</translation>
    </message>
    <message>
        <source>No server answers at %1, port %2: is PostgreSQL running there?</source>
        <translation>Сервер не отвечает на %1, порт %2: запущен ли там PostgreSQL?</translation>
    </message>
    <message numerus="yes">
        <source>Connection lost. %1 Reconnecting in %n s; what is shown may be out of date.</source>
        <translation>
            <numerusform>Связь потеряна. %1 Повторное подключение через %n с; показанное может быть устаревшим.</numerusform>
            <numerusform>Связь потеряна. %1 Повторное подключение через %n с; показанное может быть устаревшим.</numerusform>
            <numerusform>Связь потеряна. %1 Повторное подключение через %n с; показанное может быть устаревшим.</numerusform>
        </translation>
    </message>
    <message>
        <source>Copy &amp;link</source>
        <translation>Копировать сс&amp;ылку</translation>
    </message>
    <message>
        <source>Copy a link to the event, pair or audit entry shown, for a colleague to open with inbox-console --open</source>
        <translation>Скопировать ссылку на показанное событие, пару или запись аудита, чтобы коллега открыл её через inbox-console --open</translation>
    </message>
    <message>
        <source>Nothing to link to here: select an event, a pair or an audit entry first.</source>
        <translation>Здесь не на что ссылаться: сначала выберите событие, пару или запись аудита.</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Правка</translation>
    </message>
    <message>
        <source>The link opens once connected: connect to the database it is about.</source>
        <translation>Ссылка откроется после подключения: подключитесь к базе, о которой она.</translation>
    </message>
    <message>
        <source>Connecting with the profile &quot;%1&quot; to open the link.</source>
        <translation>Подключение с профилем «%1», чтобы открыть ссылку.</translation>
    </message>
    <message>
        <source>The link is for the connection profile &quot;%1&quot;, which is not saved on this computer. Enter that database&apos;s connection here (and save it under that name); the link opens once connected.</source>
        <translation>Ссылка для профиля подключения «%1», которого на этом компьютере нет. Введите здесь подключение к этой базе (и сохраните его под этим именем); ссылка откроется после подключения.</translation>
    </message>
    <message>
        <source>The link was not opened: %1</source>
        <translation>Ссылка не открыта: %1</translation>
    </message>
    <message>
        <source>Open link</source>
        <translation>Открыть ссылку</translation>
    </message>
    <message>
        <source>This link cannot be opened.</source>
        <translation>Эту ссылку открыть нельзя.</translation>
    </message>
    <message>
        <source>Link copied: %1 (this connection has no saved profile: the link opens on whatever the colleague is connected to)</source>
        <translation>Ссылка скопирована: %1 (у этого подключения нет сохранённого профиля: ссылка откроется на том подключении, что у коллеги)</translation>
    </message>
    <message>
        <source>Link copied: %1</source>
        <translation>Ссылка скопирована: %1</translation>
    </message>
    <message>
        <source>Report</source>
        <translation>Отчёт</translation>
    </message>
    <message>
        <source>Reads: standby, lag %1 s</source>
        <translation>Чтение: резерв, отставание %1 с</translation>
    </message>
    <message>
        <source>Reads: standby, lag over %1 s (%2 MB behind)</source>
        <translation>Чтение: резерв, отставание больше %1 с (позади на %2 МБ)</translation>
    </message>
    <message>
        <source>The screens read from the standby; every action goes to the primary. The lag is how long the standby took to replay what the primary had written, measured every %1 s.</source>
        <translation>Экраны читают с резервного сервера; все действия идут на основной. Отставание — сколько времени понадобилось резервному серверу, чтобы воспроизвести записанное на основном; измеряется каждые %1 с.</translation>
    </message>
    <message>
        <source>Reads: primary (the standby does not answer)</source>
        <translation>Чтение: основной сервер (резервный не отвечает)</translation>
    </message>
    <message>
        <source>The standby does not answer, so the screens read from the primary; they go back to the standby once it answers.</source>
        <translation>Резервный сервер не отвечает, поэтому экраны читают с основного; они вернутся к резервному, как только он ответит.</translation>
    </message>
    <message>
        <source>Reads: the standby does not answer</source>
        <translation>Чтение: резервный сервер не отвечает</translation>
    </message>
    <message>
        <source>The screens cannot read: %1</source>
        <translation>Экраны не могут читать: %1</translation>
    </message>
    <message>
        <source>Reads: standby, lag over %1 s (%2 kB behind)</source>
        <translation>Чтение: резерв, отставание больше %1 с (позади на %2 КБ)</translation>
    </message>
</context>
<context>
    <name>inbox::MultiSelectButton</name>
    <message>
        <source>All (clear)</source>
        <translation>Все (сбросить)</translation>
    </message>
    <message>
        <source>%1: all</source>
        <translation>%1: все</translation>
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
        <source>Processing, but the worker&apos;s lock is older than the lock timeout (5 minutes unless the deployment set another)</source>
        <translation>В обработке, но блокировка обработчика старше тайм-аута блокировки (5 минут, если в развёртывании не задан другой)</translation>
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
        <source>Processing with a lock older than the lock timeout (5 minutes by default): the worker may be gone</source>
        <translation>В обработке с блокировкой старше тайм-аута блокировки (по умолчанию 5 минут): обработчик, возможно, упал</translation>
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
        <source>All sources</source>
        <translation>Все источники</translation>
    </message>
    <message>
        <source>no baseline yet, alarm above %1</source>
        <translation>базовой линии ещё нет, тревога выше %1</translation>
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
    <message numerus="yes">
        <source>usually %1, the median of the last %n days</source>
        <translation>
            <numerusform>обычно %1, медиана за последние %n день</numerusform>
            <numerusform>обычно %1, медиана за последние %n дня</numerusform>
            <numerusform>обычно %1, медиана за последние %n дней</numerusform>
        </translation>
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
        <source>Per day, all sources</source>
        <translation>По дням, все источники</translation>
    </message>
    <message>
        <source>Per day, %1</source>
        <translation>По дням, %1</translation>
    </message>
    <message>
        <source>Oldest due</source>
        <translation>Дольше всех ждёт</translation>
    </message>
    <message>
        <source>How long the longest-due event has waited for a worker; events scheduled for a retry later are not due yet</source>
        <translation>Сколько ждёт обработчика событие, дольше всех готовое к выполнению; события с назначенным позже повтором ещё не готовы</translation>
    </message>
    <message>
        <source>%1 due, %2 scheduled for a retry</source>
        <translation>к выполнению: %1, повтор назначен: %2</translation>
    </message>
    <message>
        <source>nothing is due; %1 scheduled for a retry</source>
        <translation>к выполнению нет; повтор назначен: %1</translation>
    </message>
    <message>
        <source>Opens Needs attention on the failed events</source>
        <translation>Открывает «Требует внимания» на событиях с ошибкой</translation>
    </message>
    <message>
        <source>Opens the Duplicates screen</source>
        <translation>Открывает экран «Дубли»</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 %2&lt;/b&gt; (%3 of %4, %5)</source>
        <translation>&lt;b&gt;%1 %2&lt;/b&gt; (%3 из %4, %5)</translation>
    </message>
    <message>
        <source>usually %1</source>
        <translation>обычно %1</translation>
    </message>
    <message>
        <source>Senders deliver again when the receiver answers too slowly or fails: check the receiver&apos;s response time and errors.</source>
        <translation>Отправители присылают снова, когда приёмник отвечает слишком медленно или с ошибкой: проверьте время ответа приёмника и его ошибки.</translation>
    </message>
    <message>
        <source>See Needs attention for the errors.</source>
        <translation>Ошибки — на экране «Требует внимания».</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1: %2 of today&apos;s deliveries are repeats&lt;/b&gt; (%3 of %4; %5).</source>
        <translation>&lt;b&gt;%1: %2 сегодняшних доставок — повторы&lt;/b&gt; (%3 из %4; %5).</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Repeats jumped today in %n source(s)&lt;/b&gt; (the usual share is the median of the last days): %1.</source>
        <translation>
            <numerusform>&lt;b&gt;Сегодня повторов стало больше в %n источнике&lt;/b&gt; (обычная доля — медиана последних дней): %1.</numerusform>
            <numerusform>&lt;b&gt;Сегодня повторов стало больше в %n источниках&lt;/b&gt; (обычная доля — медиана последних дней): %1.</numerusform>
            <numerusform>&lt;b&gt;Сегодня повторов стало больше в %n источниках&lt;/b&gt; (обычная доля — медиана последних дней): %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;%1: %2 of the events finished today failed&lt;/b&gt; (%3 of %4; %5).</source>
        <translation>&lt;b&gt;%1: %2 событий, завершённых сегодня, — с ошибкой&lt;/b&gt; (%3 из %4; %5).</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Failures rose today in %n source(s)&lt;/b&gt; (the usual share is the median of the last days): %1.</source>
        <translation>
            <numerusform>&lt;b&gt;Сегодня ошибок стало больше в %n источнике&lt;/b&gt; (обычная доля — медиана последних дней): %1.</numerusform>
            <numerusform>&lt;b&gt;Сегодня ошибок стало больше в %n источниках&lt;/b&gt; (обычная доля — медиана последних дней): %1.</numerusform>
            <numerusform>&lt;b&gt;Сегодня ошибок стало больше в %n источниках&lt;/b&gt; (обычная доля — медиана последних дней): %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>Opens the journal on the waiting (received) events</source>
        <translation>Открывает журнал на ожидающих (полученных) событиях</translation>
    </message>
    <message>
        <source>Opens the journal on the events being processed</source>
        <translation>Открывает журнал на событиях в обработке</translation>
    </message>
    <message>
        <source>Opens Needs attention on the stuck events</source>
        <translation>Открывает «Требует внимания» на зависших событиях</translation>
    </message>
    <message>
        <source>Opens the longest-due event in the journal</source>
        <translation>Открывает в журнале событие, которое дольше всех ждёт обработчика</translation>
    </message>
    <message>
        <source>Click a day to list its events in the journal.</source>
        <translation>Щелчок по дню покажет его события в журнале.</translation>
    </message>
    <message>
        <source>Enter on a day lists its events in the journal</source>
        <translation>Enter на строке дня покажет его события в журнале</translation>
    </message>
</context>
<context>
    <name>inbox::PollSourcesModel</name>
    <message>
        <source>Source</source>
        <translation>Источник</translation>
    </message>
    <message>
        <source>The events&apos; source, and the API inbox-poller reads for it</source>
        <translation>Источник событий и API, который inbox-poller для него опрашивает</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Состояние</translation>
    </message>
    <message>
        <source>Whether its last requests worked</source>
        <translation>Удались ли последние запросы</translation>
    </message>
    <message>
        <source>Last success</source>
        <translation>Последний успех</translation>
    </message>
    <message>
        <source>When a poll last read its whole window and stored it</source>
        <translation>Когда опрос в последний раз прочитал всё окно и сохранил его</translation>
    </message>
    <message>
        <source>Behind by</source>
        <translation>Отставание</translation>
    </message>
    <message>
        <source>How long ago the end of the last window read is: an order placed since then is not in the inbox yet</source>
        <translation>Сколько прошло с конца последнего прочитанного окна: заказа, оформленного позже, во входящих ещё нет</translation>
    </message>
    <message>
        <source>Last poll</source>
        <translation>Последний опрос</translation>
    </message>
    <message>
        <source>What the last poll read: new events, repeats of events already stored (the windows overlap on purpose), and conflicts (an item changed under the same key, kept for review)</source>
        <translation>Что прочитал последний опрос: новые события, повторы уже сохранённых (окна перекрываются намеренно) и конфликты (запись изменилась под тем же ключом; оставлены на проверку)</translation>
    </message>
    <message>
        <source>Last error</source>
        <translation>Последняя ошибка</translation>
    </message>
    <message>
        <source>polling</source>
        <translation>опрашивается</translation>
    </message>
    <message numerus="yes">
        <source>failing: %n request(s) in a row</source>
        <translation>
            <numerusform>ошибки: %n запрос подряд</numerusform>
            <numerusform>ошибки: %n запроса подряд</numerusform>
            <numerusform>ошибки: %n запросов подряд</numerusform>
        </translation>
    </message>
    <message>
        <source>no poll finished yet</source>
        <translation>ни один опрос ещё не завершён</translation>
    </message>
    <message>
        <source>%1: %2 new, %3 repeats, %4 conflicts</source>
        <translation>%1: новых %2, повторов %3, конфликтов %4</translation>
    </message>
    <message>
        <source>never</source>
        <translation>никогда</translation>
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
        <translation>%1, читает адаптер %2</translation>
    </message>
    <message>
        <source>Last poll took %1 ms. Since the source was first polled: %2 polls, %3 items, %4 new events, %5 repeats, %6 conflicts.</source>
        <translation>Последний опрос занял %1 мс. С первого опроса источника: опросов %2, записей %3, новых событий %4, повторов %5, конфликтов %6.</translation>
    </message>
    <message>
        <source>stopped: credentials refused</source>
        <translation>остановлен: учётные данные отклонены</translation>
    </message>
    <message>
        <source>The API refused the poller&apos;s credentials (HTTP 401 or 403). Fix the token or key in inbox-poller&apos;s configuration and restart it: the source polls again from where it stopped.</source>
        <translation>API отклонил учётные данные опросчика (HTTP 401 или 403). Исправьте токен или ключ в настройках inbox-poller и перезапустите его: источник продолжит опрос с того места, где остановился.</translation>
    </message>
    <message>
        <source>%1 (at %2)</source>
        <translation>%1 (в %2)</translation>
    </message>
</context>
<context>
    <name>inbox::PollSourcesPanel</name>
    <message>
        <source>Polled sources</source>
        <translation>Опрашиваемые источники</translation>
    </message>
    <message>
        <source>Polled sources (%1 failing)</source>
        <translation>Опрашиваемые источники (ошибки: %1)</translation>
    </message>
    <message>
        <source>No source is polled: inbox-poller has not started with any source yet. Marketplaces and CRMs that send no webhooks are read by it (README, &quot;The pull door&quot;).</source>
        <translation>Ни один источник не опрашивается: inbox-poller ещё не запускался ни с одним источником. Маркетплейсы и CRM, которые не шлют вебхуков, читает он (README, «The pull door»).</translation>
    </message>
    <message>
        <source>Sources inbox-poller reads on a schedule. The windows overlap on purpose, so repeats are expected; a failing source is retried with growing pauses, and a stopped one waits for a person.</source>
        <translation>Источники, которые inbox-poller читает по расписанию. Окна перекрываются намеренно, поэтому повторы ожидаемы; источник с ошибками опрашивается снова с растущими паузами, а остановленный ждёт человека.</translation>
    </message>
    <message>
        <source>This database user may not read the polled sources: it needs the inbox_support role (or one that includes it).</source>
        <translation>Этому пользователю базы нельзя читать опрашиваемые источники: нужна роль inbox_support (или включающая её).</translation>
    </message>
    <message>
        <source>Could not read the polled sources: %1</source>
        <translation>Не удалось прочитать опрашиваемые источники: %1</translation>
    </message>
</context>
<context>
    <name>inbox::RefusalsModel</name>
    <message>
        <source>Source</source>
        <translation>Источник</translation>
    </message>
    <message>
        <source>The receiver&apos;s source; &quot;(unknown path)&quot; counts requests to an address no source has</source>
        <translation>Источник приёмника; «(unknown path)» считает запросы на адрес, которого нет ни у одного источника</translation>
    </message>
    <message>
        <source>Refused today</source>
        <translation>Отказы сегодня</translation>
    </message>
    <message>
        <source>Deliveries the receivers answered with an error today (UTC), not stored</source>
        <translation>Доставки, на которые приёмники сегодня (UTC) ответили ошибкой; не сохранены</translation>
    </message>
    <message>
        <source>By reason</source>
        <translation>По причинам</translation>
    </message>
    <message>
        <source>Last refused</source>
        <translation>Последний отказ</translation>
    </message>
    <message>
        <source>The latest refusal and its HTTP status</source>
        <translation>Последний отказ и его HTTP-статус</translation>
    </message>
    <message>
        <source>wrong token</source>
        <translation>неверный токен</translation>
    </message>
    <message>
        <source>no token</source>
        <translation>нет токена</translation>
    </message>
    <message>
        <source>wrong signature</source>
        <translation>неверная подпись</translation>
    </message>
    <message>
        <source>no signature</source>
        <translation>нет подписи</translation>
    </message>
    <message>
        <source>signature too old</source>
        <translation>подпись устарела</translation>
    </message>
    <message>
        <source>network not allowed</source>
        <translation>сеть не разрешена</translation>
    </message>
    <message>
        <source>wrong secret in the address</source>
        <translation>неверный секрет в адресе</translation>
    </message>
    <message>
        <source>no secret in the address</source>
        <translation>нет секрета в адресе</translation>
    </message>
    <message>
        <source>too large</source>
        <translation>слишком большое</translation>
    </message>
    <message>
        <source>no event id</source>
        <translation>нет id события</translation>
    </message>
    <message>
        <source>unreadable JSON</source>
        <translation>нечитаемый JSON</translation>
    </message>
    <message>
        <source>unreadable form</source>
        <translation>нечитаемая форма</translation>
    </message>
    <message>
        <source>not a notification</source>
        <translation>не уведомление</translation>
    </message>
    <message>
        <source>ambiguous length</source>
        <translation>неоднозначная длина</translation>
    </message>
    <message>
        <source>refused by the inbox</source>
        <translation>отклонено базой inbox</translation>
    </message>
    <message>
        <source>unknown adapter</source>
        <translation>неизвестный адаптер</translation>
    </message>
    <message>
        <source>unknown address</source>
        <translation>неизвестный адрес</translation>
    </message>
    <message>
        <source>not a POST</source>
        <translation>не POST</translation>
    </message>
    <message>
        <source>database unavailable</source>
        <translation>база недоступна</translation>
    </message>
    <message>
        <source>other</source>
        <translation>другое</translation>
    </message>
    <message>
        <source>%1 (HTTP %2)</source>
        <translation>%1 (HTTP %2)</translation>
    </message>
    <message>
        <source>two Host headers</source>
        <translation>два заголовка Host</translation>
    </message>
    <message>
        <source>faulty Transfer-Encoding</source>
        <translation>неверный Transfer-Encoding</translation>
    </message>
    <message>
        <source>unsupported transfer coding</source>
        <translation>неподдерживаемое кодирование передачи</translation>
    </message>
    <message>
        <source>receiver&apos;s body memory full</source>
        <translation>память приёмника для тел заполнена</translation>
    </message>
</context>
<context>
    <name>inbox::RefusalsPanel</name>
    <message>
        <source>Refused today, per source</source>
        <translation>Отказы сегодня по источникам</translation>
    </message>
    <message>
        <source>Refused today</source>
        <translation>Отказы сегодня</translation>
    </message>
    <message>
        <source>Refused today (%1)</source>
        <translation>Отказы сегодня (%1)</translation>
    </message>
    <message>
        <source>The receivers refused nothing today (UTC).</source>
        <translation>Сегодня (UTC) приёмники ничего не отклонили.</translation>
    </message>
    <message>
        <source>Deliveries the receivers answered with an error today (UTC) and did not store. The sender&apos;s own retry may still deliver them; many wrong signatures or tokens usually mean a secret was changed on one side only.</source>
        <translation>Доставки, на которые приёмники сегодня (UTC) ответили ошибкой и которые не сохранили. Повтор отправителя ещё может их доставить; много неверных подписей или токенов обычно значит, что секрет сменили только с одной стороны.</translation>
    </message>
    <message>
        <source>This database user may not read the refusal counters: it needs the inbox_support role (or one that includes it).</source>
        <translation>Этому пользователю базы нельзя читать счётчики отказов: нужна роль inbox_support (или включающая её).</translation>
    </message>
    <message>
        <source>Could not read the refusals: %1</source>
        <translation>Не удалось прочитать отказы: %1</translation>
    </message>
</context>
<context>
    <name>inbox::ReportChart</name>
    <message>
        <source>Before the inbox</source>
        <translation>До inbox</translation>
    </message>
    <message>
        <source>With the inbox</source>
        <translation>С inbox</translation>
    </message>
    <message>
        <source>Per 30 days</source>
        <translation>За 30 дней</translation>
    </message>
    <message>
        <source>Duplicates</source>
        <translation>Дубли</translation>
    </message>
    <message>
        <source>Hours</source>
        <translation>Часы</translation>
    </message>
</context>
<context>
    <name>inbox::ReportLoader</name>
    <message>
        <source>The baseline %1 is no longer there (deleted by someone else?).</source>
        <translation>Базы сравнения %1 больше нет (её удалил кто-то другой?).</translation>
    </message>
</context>
<context>
    <name>inbox::ReportPage</name>
    <message>
        <source>Export &amp;PDF...</source>
        <translation>Экспорт в &amp;PDF...</translation>
    </message>
    <message>
        <source>Export &amp;CSV...</source>
        <translation>Экспорт в &amp;CSV...</translation>
    </message>
    <message>
        <source>Duplicates before and after the inbox, by source</source>
        <translation>Дубли до и после inbox по источникам</translation>
    </message>
    <message>
        <source>The baseline&apos;s largest duplicate groups</source>
        <translation>Крупнейшие группы дублей базы сравнения</translation>
    </message>
    <message>
        <source>The rows of the selected group</source>
        <translation>Строки выбранной группы</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>База сравнения</translation>
    </message>
    <message>
        <source> h</source>
        <translation> ч</translation>
    </message>
    <message>
        <source>Rows with the same phone or e-mail this close in time are one duplicate group; further apart they are a regular customer</source>
        <translation>Строки с тем же телефоном или e-mail, настолько близкие по времени, — одна группа дублей; если дальше друг от друга — это постоянный клиент</translation>
    </message>
    <message>
        <source> min</source>
        <translation> мин</translation>
    </message>
    <message>
        <source>A manager&apos;s minutes for each duplicate (the seeds: 5 to 10)</source>
        <translation>Минуты менеджера на каждый дубль (по исходным данным — от 5 до 10)</translation>
    </message>
    <message>
        <source>The first day with the inbox to count (UTC)</source>
        <translation>Первый учитываемый день с inbox (UTC)</translation>
    </message>
    <message>
        <source>The last day with the inbox to count (UTC)</source>
        <translation>Последний учитываемый день с inbox (UTC)</translation>
    </message>
    <message>
        <source>Groups by</source>
        <translation>Группы по</translation>
    </message>
    <message>
        <source>All groups</source>
        <translation>Все группы</translation>
    </message>
    <message>
        <source>&amp;Baseline:</source>
        <translation>&amp;База сравнения:</translation>
    </message>
    <message>
        <source>&amp;Window:</source>
        <translation>&amp;Окно:</translation>
    </message>
    <message>
        <source>&amp;Cost:</source>
        <translation>&amp;Цена:</translation>
    </message>
    <message>
        <source>With the inbox &amp;from:</source>
        <translation>С inbox &amp;с:</translation>
    </message>
    <message>
        <source>&amp;to:</source>
        <translation>&amp;по:</translation>
    </message>
    <message>
        <source>The baseline&apos;s duplicate groups (largest first; select one to check its rows):</source>
        <translation>Группы дублей базы сравнения (сначала крупные; выберите группу, чтобы проверить её строки):</translation>
    </message>
    <message>
        <source>B&amp;y:</source>
        <translation>П&amp;о:</translation>
    </message>
    <message>
        <source>The period ends before it starts.</source>
        <translation>Период заканчивается раньше, чем начинается.</translation>
    </message>
    <message>
        <source>Counting...</source>
        <translation>Подсчёт...</translation>
    </message>
    <message>
        <source>This login may not read the Report: a manager, or a support login given the inbox_report role, may.</source>
        <translation>Этому пользователю отчёт недоступен: его может читать менеджер или пользователь поддержки, которому выдана роль inbox_report.</translation>
    </message>
    <message>
        <source>The report could not be read: %1</source>
        <translation>Отчёт не удалось прочитать: %1</translation>
    </message>
    <message>
        <source>Export the report as PDF</source>
        <translation>Экспорт отчёта в PDF</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>Файлы PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Экспорт</translation>
    </message>
    <message>
        <source>%1 was not written: %2</source>
        <translation>%1 не записан: %2</translation>
    </message>
    <message>
        <source>Export the report as CSV</source>
        <translation>Экспорт отчёта в CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>Файлы CSV (*.csv)</translation>
    </message>
    <message>
        <source>&amp;Import an export...</source>
        <translation>&amp;Импорт выгрузки...</translation>
    </message>
    <message>
        <source>An export from before the inbox (Import an export..., or inbox-console report import)</source>
        <translation>Выгрузка за время до inbox (Импорт выгрузки..., или inbox-console report import)</translation>
    </message>
    <message>
        <source>No baseline yet. Import a month&apos;s CRM export from before the inbox with &quot;Import an export...&quot; (or: inbox-console report import FILE).</source>
        <translation>Базы сравнения пока нет. Импортируйте выгрузку CRM за месяц до inbox кнопкой «Импорт выгрузки...» (или: inbox-console report import ФАЙЛ).</translation>
    </message>
    <message>
        <source>Read a month&apos;s CRM export (CSV) from before the inbox and count its duplicates</source>
        <translation>Прочитать выгрузку CRM (CSV) за месяц до inbox и посчитать в ней дубли</translation>
    </message>
    <message>
        <source>Only a manager login imports a baseline</source>
        <translation>Базу сравнения импортирует только менеджер</translation>
    </message>
    <message>
        <source>Connect first</source>
        <translation>Сначала подключитесь</translation>
    </message>
    <message>
        <source>Import a CRM export</source>
        <translation>Импорт выгрузки CRM</translation>
    </message>
    <message>
        <source>CSV files (*.csv *.txt);;All files (*)</source>
        <translation>Файлы CSV (*.csv *.txt);;Все файлы (*)</translation>
    </message>
</context>
<context>
    <name>inbox::RequeueDialog</name>
    <message>
        <source>Requeue</source>
        <translation>Вернуть в очередь</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Остановить</translation>
    </message>
    <message>
        <source>Requeue events</source>
        <translation>Возврат событий в очередь</translation>
    </message>
    <message>
        <source>Counting %1...</source>
        <translation>Подсчёт: %1...</translation>
    </message>
    <message>
        <source>Requeue %1: each event keeps its id, idempotency key, body and history, and is processed again now with a fresh attempt budget.</source>
        <translation>Вернуть в очередь %1: каждое событие сохраняет id, ключ идемпотентности, тело и историю и обрабатывается заново сейчас с новым запасом попыток.</translation>
    </message>
    <message>
        <source>Why (required; recorded in the journal)</source>
        <translation>Почему (обязательно; записывается в журнал)</translation>
    </message>
    <message>
        <source>Reason:</source>
        <translation>Причина:</translation>
    </message>
    <message>
        <source>Stops after the batch that is running; that batch is not undone</source>
        <translation>Останавливает после текущей пачки; эта пачка не отменяется</translation>
    </message>
    <message>
        <source>Stopping after this batch...</source>
        <translation>Остановка после этой пачки...</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Событие</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Результат</translation>
    </message>
    <message>
        <source>Collecting the matching events: %1 so far...</source>
        <translation>Сбор подходящих событий: пока %1...</translation>
    </message>
    <message>
        <source>Say why: the reason is recorded in the journal</source>
        <translation>Укажите причину: она записывается в журнал</translation>
    </message>
    <message numerus="yes">
        <source>%n event(s) will be requeued.</source>
        <translation>
            <numerusform>%n событие будет возвращено в очередь.</numerusform>
            <numerusform>%n события будут возвращены в очередь.</numerusform>
            <numerusform>%n событий будут возвращены в очередь.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n left alone: %1 done, %2 in progress, %3 already queued.</source>
        <translation>
            <numerusform>%n остаётся как есть: завершено %1, в работе %2, уже в очереди %3.</numerusform>
            <numerusform>%n остаются как есть: завершено %1, в работе %2, уже в очереди %3.</numerusform>
            <numerusform>%n остаются как есть: завершено %1, в работе %2, уже в очереди %3.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not found.</source>
        <translation>
            <numerusform>%n не найдено.</numerusform>
            <numerusform>%n не найдены.</numerusform>
            <numerusform>%n не найдены.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to requeue.</source>
        <translation>Возвращать в очередь нечего.</translation>
    </message>
    <message numerus="yes">
        <source>%n of them failed validation (the data was refused): a plain retry will fail again unless the data was fixed.</source>
        <translation>
            <numerusform>%n из них не прошло проверку данных (данные отклонены): простой повтор снова не пройдёт, если данные не исправлены.</numerusform>
            <numerusform>%n из них не прошли проверку данных (данные отклонены): простой повтор снова не пройдёт, если данные не исправлены.</numerusform>
            <numerusform>%n из них не прошли проверку данных (данные отклонены): простой повтор снова не пройдёт, если данные не исправлены.</numerusform>
        </translation>
    </message>
    <message>
        <source>The database refused to read the events: %1. Nothing was changed.</source>
        <translation>База отказала в чтении событий: %1. Ничего не изменено.</translation>
    </message>
    <message>
        <source>The events could not be counted: %1. Nothing was changed.</source>
        <translation>События не удалось подсчитать: %1. Ничего не изменено.</translation>
    </message>
    <message>
        <source>%1 of %2 done, %3 requeued</source>
        <translation>выполнено %1 из %2, возвращено в очередь %3</translation>
    </message>
    <message>
        <source>The database refused the requeue: %1 may not requeue events (the inbox_operator role is needed). Nothing was changed.</source>
        <translation>База отклонила возврат в очередь: %1 не может возвращать события (нужна роль inbox_operator). Ничего не изменено.</translation>
    </message>
    <message>
        <source>this login</source>
        <translation>этот пользователь</translation>
    </message>
    <message>
        <source>The connection was lost during the run. The batch that was running was not sent again; the journal was read after reconnecting and the outcome below is what it shows.</source>
        <translation>Соединение прервалось во время работы. Текущая пачка не отправлялась повторно; после переподключения прочитан журнал, и ниже показан результат по нему.</translation>
    </message>
    <message>
        <source>The requeue stopped on an error: %1</source>
        <translation>Возврат в очередь остановлен из-за ошибки: %1</translation>
    </message>
    <message>
        <source>Stopped. The batches sent before the stop were applied; the rest was not attempted.</source>
        <translation>Остановлено. Пачки, отправленные до остановки, применены; остальное не выполнялось.</translation>
    </message>
    <message numerus="yes">
        <source>%n event(s) requeued.</source>
        <translation>
            <numerusform>%n событие возвращено в очередь.</numerusform>
            <numerusform>%n события возвращены в очередь.</numerusform>
            <numerusform>%n событий возвращены в очередь.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>inbox::Requeuer</name>
    <message>
        <source>requeued</source>
        <translation>возвращено в очередь</translation>
    </message>
    <message>
        <source>left alone: done</source>
        <translation>оставлено: завершено</translation>
    </message>
    <message>
        <source>left alone: in progress</source>
        <translation>оставлено: в работе</translation>
    </message>
    <message>
        <source>left alone: already queued</source>
        <translation>оставлено: уже в очереди</translation>
    </message>
    <message>
        <source>not found</source>
        <translation>не найдено</translation>
    </message>
    <message>
        <source>not attempted</source>
        <translation>не выполнялось</translation>
    </message>
    <message>
        <source>not requeued (connection lost before it applied)</source>
        <translation>не возвращено (соединение прервалось до применения)</translation>
    </message>
    <message>
        <source>unknown (the journal could not be read)</source>
        <translation>неизвестно (журнал не удалось прочитать)</translation>
    </message>
</context>
<context>
    <name>inbox::ReviewDialog</name>
    <message>
        <source>Resolve</source>
        <translation>Разрешить</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>Resolve review</source>
        <translation>Разрешение проверки</translation>
    </message>
    <message>
        <source>Resolve the review of %1. The flag is cleared and the resolution is recorded in the journal with your name; no body is deleted.</source>
        <translation>Разрешить проверку для: %1. Отметка снимается, решение записывается в журнал с вашим именем; ни одно тело не удаляется.</translation>
    </message>
    <message>
        <source>&amp;Kept the first body</source>
        <translation>&amp;Оставлено первое тело</translation>
    </message>
    <message>
        <source>The stored body is the event; the other bodies stay stored.</source>
        <translation>Событием остаётся сохранённое тело; остальные тела остаются сохранёнными.</translation>
    </message>
    <message>
        <source>The other body is a &amp;new event</source>
        <translation>Другое тело — &amp;новое событие</translation>
    </message>
    <message>
        <source>Each other body becomes an event of its own, processed like a new delivery; this cannot be undone.</source>
        <translation>Каждое другое тело становится отдельным событием и обрабатывается как новая доставка; это нельзя отменить.</translation>
    </message>
    <message>
        <source>&amp;Handled by hand</source>
        <translation>&amp;Сделано вручную</translation>
    </message>
    <message>
        <source>You did what the worker could not; say what in the note.</source>
        <translation>Вы сделали то, что не смог обработчик; напишите, что именно, в примечании.</translation>
    </message>
    <message>
        <source>Only &quot;handled by hand&quot; fits: not every chosen event is a key conflict.</source>
        <translation>Подходит только «сделано вручную»: не все выбранные события — конфликт ключа.</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Примечание</translation>
    </message>
    <message>
        <source>What was done (recorded in the journal)</source>
        <translation>Что сделано (записывается в журнал)</translation>
    </message>
    <message>
        <source>&amp;Note:</source>
        <translation>&amp;Примечание:</translation>
    </message>
    <message>
        <source>Resolving...</source>
        <translation>Разрешение...</translation>
    </message>
    <message>
        <source>Choose what was decided.</source>
        <translation>Выберите принятое решение.</translation>
    </message>
    <message>
        <source>Say in the note what was done by hand: it is required.</source>
        <translation>Напишите в примечании, что сделано вручную: это обязательно.</translation>
    </message>
    <message>
        <source>The database refused: %1 may not resolve reviews (the inbox_operator role is needed). Nothing was changed.</source>
        <translation>База данных отказала: %1 не может разрешать проверки (нужна роль inbox_operator). Ничего не изменено.</translation>
    </message>
    <message>
        <source>this login</source>
        <translation>этот пользователь</translation>
    </message>
    <message>
        <source>Nothing was changed: %1</source>
        <translation>Ничего не изменено: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n resolved</source>
        <translation>
            <numerusform>%n разрешено</numerusform>
            <numerusform>%n разрешено</numerusform>
            <numerusform>%n разрешено</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n was no longer flagged</source>
        <translation>
            <numerusform>%n уже не было отмечено</numerusform>
            <numerusform>%n уже не были отмечены</numerusform>
            <numerusform>%n уже не были отмечены</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n was not a key conflict</source>
        <translation>
            <numerusform>%n не было конфликтом ключа</numerusform>
            <numerusform>%n не были конфликтом ключа</numerusform>
            <numerusform>%n не были конфликтом ключа</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not found</source>
        <translation>
            <numerusform>%n не найдено</numerusform>
            <numerusform>%n не найдено</numerusform>
            <numerusform>%n не найдено</numerusform>
        </translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Закрыть</translation>
    </message>
    <message numerus="yes">
        <source>the other body is now event %1</source>
        <translation>
            <numerusform>другое тело стало событием %1</numerusform>
            <numerusform>другие тела стали событиями %1</numerusform>
            <numerusform>другие тела стали событиями %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>inbox::ScreenGuide</name>
    <message>
        <source>Who may do what</source>
        <translation>Кто что может делать</translation>
    </message>
    <message>
        <source>Anyone with a login may connect. What the console then lets you do comes from your database roles: &lt;b&gt;inbox_support&lt;/b&gt; reads every screen, &lt;b&gt;inbox_operator&lt;/b&gt; may also requeue events, &lt;b&gt;inbox_manager&lt;/b&gt; may also decide on possible duplicates. Only the schema&apos;s owner may apply migrations. The database enforces all of this itself.</source>
        <translation>Подключиться может любой, у кого есть учётная запись. Что консоль позволит делать дальше, зависит от ваших ролей в базе данных: &lt;b&gt;inbox_support&lt;/b&gt; читает все экраны, &lt;b&gt;inbox_operator&lt;/b&gt; может также возвращать события в очередь, &lt;b&gt;inbox_manager&lt;/b&gt; может также принимать решения по возможным дублям. Применять миграции может только владелец схемы. Всё это база данных обеспечивает сама.</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Overview&lt;/h2&gt;&lt;p&gt;How the inbox is doing, at a glance: today and the last 14 days (UTC days), and what is waiting right now. It updates by itself within seconds.&lt;/p&gt;&lt;h3&gt;Controls&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Source&lt;/b&gt;: all sources, or one: the tiles, charts and the per-day table follow it.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Tiles&lt;/b&gt;: &lt;i&gt;Waiting&lt;/i&gt; (received, not processed yet), &lt;i&gt;Due now&lt;/i&gt; (a worker may take them now), &lt;i&gt;Processing&lt;/i&gt; (held by a worker), &lt;i&gt;Stuck&lt;/i&gt; (a worker&apos;s lock older than the lock timeout, 5 minutes by default), &lt;i&gt;Failed&lt;/i&gt; (waiting for a person on Needs attention), &lt;i&gt;Open duplicates&lt;/i&gt; and &lt;i&gt;Oldest due&lt;/i&gt;. Stuck and failed turn red above zero, the oldest due event after 5 minutes. Hover a tile for its meaning.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Charts&lt;/b&gt;: deliveries per day (new, repeats, conflicts, with the share of repeats as a line) and outcomes per day (done, failed, with the share of failures).&lt;/li&gt;&lt;li&gt;&lt;b&gt;Tables&lt;/b&gt;: &lt;i&gt;Per day&lt;/i&gt; gives the figures behind the charts, &lt;i&gt;Now, per source&lt;/i&gt; the current queue of every source.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;A yellow warning appears when today&apos;s share of repeat deliveries or of failures jumps against the usual level (the median of the earlier days): repeats usually mean the receiver answers too slowly, failures are listed on Needs attention.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Обзор&lt;/h2&gt;&lt;p&gt;Состояние inbox с первого взгляда: сегодня и последние 14 дней (дни по UTC), а также то, что ждёт прямо сейчас. Данные обновляются сами в течение нескольких секунд.&lt;/p&gt;&lt;h3&gt;Элементы управления&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Источник&lt;/b&gt;: все источники или один: плитки, графики и таблица по дням показывают выбранное.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Плитки&lt;/b&gt;: &lt;i&gt;Ожидают&lt;/i&gt; (получены, ещё не обработаны), &lt;i&gt;Готовы сейчас&lt;/i&gt; (обработчик может взять их сейчас), &lt;i&gt;В обработке&lt;/i&gt; (заняты обработчиком), &lt;i&gt;Зависли&lt;/i&gt; (блокировка обработчика старше тайм-аута блокировки, по умолчанию 5 минут), &lt;i&gt;С ошибкой&lt;/i&gt; (ждут человека на экране «Требует внимания»), &lt;i&gt;Открытые дубли&lt;/i&gt; и &lt;i&gt;Дольше всех ждёт&lt;/i&gt; (из событий, которые можно брать в работу). «Зависли» и «С ошибкой» становятся красными при значении больше нуля, «Дольше всех ждёт» — когда событие ждёт дольше 5 минут. Наведите указатель на плитку, чтобы узнать, что она означает.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Графики&lt;/b&gt;: доставки по дням (новые, повторы, конфликты, а линией — доля повторов) и итоги по дням (выполнено, с ошибкой, а также доля ошибок).&lt;/li&gt;&lt;li&gt;&lt;b&gt;Таблицы&lt;/b&gt;: &lt;i&gt;По дням&lt;/i&gt; содержит цифры, на которых построены графики, &lt;i&gt;Сейчас, по источникам&lt;/i&gt; — текущую очередь каждого источника.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;Жёлтое предупреждение появляется, когда сегодняшняя доля повторных доставок или ошибок резко отклоняется от обычного уровня (медианы предыдущих дней): повторы обычно означают, что приёмник отвечает слишком медленно, а ошибки перечислены на экране «Требует внимания».&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Reading the journal needs the &lt;b&gt;inbox_support&lt;/b&gt; role (or one that includes it). The journal is read-only: requeue events on Needs attention, decide on duplicates on Duplicates.</source>
        <translation>Для чтения журнала нужна роль &lt;b&gt;inbox_support&lt;/b&gt; (или включающая её). Журнал доступен только для чтения: события возвращают в очередь на экране «Требует внимания», решения по дублям принимают на экране «Дубли».</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Needs attention&lt;/h2&gt;&lt;p&gt;Failed events, stuck events (processing with a lock older than the lock timeout) and events that need a review, grouped by trouble, source and error, so that 300 failures with the same error are one line.&lt;/p&gt;&lt;h3&gt;Controls&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Search&lt;/b&gt; (&lt;b&gt;/&lt;/b&gt; or &lt;b&gt;Ctrl+F&lt;/b&gt;), &lt;b&gt;Source&lt;/b&gt;, &lt;b&gt;Kind&lt;/b&gt; and the time box (&lt;i&gt;Custom...&lt;/i&gt; shows from and to fields) narrow the groups; the filters are kept for the next start, the search is not.&lt;/li&gt;&lt;li&gt;Select a &lt;b&gt;group&lt;/b&gt; to list its events below; select an &lt;b&gt;event&lt;/b&gt; to see its detail on the right (as on the Journal).&lt;/li&gt;&lt;li&gt;&lt;b&gt;Requeue...&lt;/b&gt; offers &lt;i&gt;Selected events&lt;/i&gt;, &lt;i&gt;All events of the selected group&lt;/i&gt; or &lt;i&gt;All events matching the filter&lt;/i&gt;. The dialog first counts how many events will be requeued and how many will be left alone and why, and asks for a reason, which the journal records. It then requeues in batches with a progress bar (&lt;b&gt;Stop&lt;/b&gt; ends after the running batch) and reports the outcome of every event. A requeued event keeps its id, idempotency key, body and history, so nothing is created twice. Ctrl+R requeues the selected events, Ctrl+Shift+R the selected group.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;Events that failed validation may be requeued (the reference data may have been fixed), but the dialog warns that a plain retry will fail again.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Требует внимания&lt;/h2&gt;&lt;p&gt;События с ошибкой, зависшие события (в работе с блокировкой старше тайм-аута блокировки) и события, требующие проверки, сгруппированные по проблеме, источнику и ошибке, так что 300 сбоев с одной и той же ошибкой занимают одну строку.&lt;/p&gt;&lt;h3&gt;Элементы управления&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Поиск&lt;/b&gt; (&lt;b&gt;/&lt;/b&gt; или &lt;b&gt;Ctrl+F&lt;/b&gt;), &lt;b&gt;Источник&lt;/b&gt;, &lt;b&gt;Вид&lt;/b&gt; и поле времени (&lt;i&gt;Свой период...&lt;/i&gt; показывает поля «с» и «до») сужают список групп; фильтры сохраняются до следующего запуска, поиск — нет.&lt;/li&gt;&lt;li&gt;Выберите &lt;b&gt;группу&lt;/b&gt;, чтобы ниже появились её события; выберите &lt;b&gt;событие&lt;/b&gt;, чтобы справа появились его подробности (как в журнале).&lt;/li&gt;&lt;li&gt;&lt;b&gt;Вернуть в очередь...&lt;/b&gt; предлагает варианты &lt;i&gt;Выбранные события&lt;/i&gt;, &lt;i&gt;Все события выбранной группы&lt;/i&gt; и &lt;i&gt;Все события под фильтром&lt;/i&gt;. Диалог сначала подсчитывает, сколько событий будет возвращено в очередь, сколько останется как есть и почему, и запрашивает причину, которая записывается в журнал. Затем он возвращает события пачками, показывая ход выполнения (&lt;b&gt;Остановить&lt;/b&gt; прекращает работу после текущей пачки), и сообщает результат по каждому событию. Возвращённое событие сохраняет свой id, ключ идемпотентности, тело и историю, поэтому ничего не создаётся дважды. Ctrl+R возвращает в очередь выбранные события, Ctrl+Shift+R — выбранную группу.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;События, не прошедшие проверку данных, тоже можно вернуть в очередь (справочные данные могли исправить), но диалог предупреждает, что простой повтор снова завершится ошибкой.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Anyone with &lt;b&gt;inbox_support&lt;/b&gt; may look. Requeuing needs &lt;b&gt;inbox_operator&lt;/b&gt; or &lt;b&gt;inbox_manager&lt;/b&gt;; for other users the Requeue button is disabled and says why.</source>
        <translation>Смотреть может любой, у кого есть роль &lt;b&gt;inbox_support&lt;/b&gt;. Для возврата в очередь нужна роль &lt;b&gt;inbox_operator&lt;/b&gt; или &lt;b&gt;inbox_manager&lt;/b&gt;; у остальных пользователей кнопка «Вернуть в очередь» неактивна и поясняет причину.</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Duplicates&lt;/h2&gt;&lt;p&gt;Pairs of leads that may be the same request, oldest first, with the counters of open pairs and of decisions taken today. Decide each pair: the same request (merge: lead B is linked to lead A) or a genuinely new one (keep separate).&lt;/p&gt;&lt;h3&gt;Controls&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Search&lt;/b&gt; (&lt;b&gt;/&lt;/b&gt; or &lt;b&gt;Ctrl+F&lt;/b&gt;) by phone, e-mail or external id; &lt;b&gt;channel&lt;/b&gt;, &lt;b&gt;reason&lt;/b&gt; and &lt;b&gt;age&lt;/b&gt; narrow the list.&lt;/li&gt;&lt;li&gt;The pair: lead A (earlier) and lead B (newer) side by side: channel, time, name, phone and e-mail as received and normalised, message and deal, with the matching fields marked, the reasons and the score. Weak evidence is pointed out, and what a merge will do is stated before you decide. A button opens each lead&apos;s event in the Journal.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Merge [M]&lt;/b&gt;, &lt;b&gt;Keep separate [R]&lt;/b&gt;, &lt;b&gt;Skip [S]&lt;/b&gt; (decide later), &lt;b&gt;Undo my last [U]&lt;/b&gt; (your last decision in this session); &lt;b&gt;J&lt;/b&gt; and &lt;b&gt;K&lt;/b&gt; go to the next and previous pair. The note is optional and saved with the decision; Esc leaves the note field.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;If someone else decided the same pair first, their decision is shown and yours is not applied; to change a decision, undo it first.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Дубли&lt;/h2&gt;&lt;p&gt;Пары лидов, которые могут оказаться одним и тем же обращением, сначала старые, со счётчиками открытых пар и решений, принятых сегодня. Решите по каждой паре: это одно и то же обращение (объединить: лид B связывается с лидом A) или действительно новая (оставить раздельно).&lt;/p&gt;&lt;h3&gt;Элементы управления&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Поиск&lt;/b&gt; (&lt;b&gt;/&lt;/b&gt; или &lt;b&gt;Ctrl+F&lt;/b&gt;) по телефону, e-mail или внешнему id; &lt;b&gt;канал&lt;/b&gt;, &lt;b&gt;причина&lt;/b&gt; и &lt;b&gt;возраст&lt;/b&gt; сужают список.&lt;/li&gt;&lt;li&gt;Пара: лид A (раньше) и лид B (новее) рядом: канал, время, имя, телефон и e-mail в полученном и нормализованном виде, сообщение и сделка; совпадающие поля отмечены, показаны причины и оценка. Слабые основания выделяются, а последствия объединения описаны до того, как вы примете решение. Кнопка открывает событие каждого лида в журнале.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Объединить [M]&lt;/b&gt;, &lt;b&gt;Оставить раздельно [R]&lt;/b&gt;, &lt;b&gt;Пропустить [S]&lt;/b&gt; (решить позже), &lt;b&gt;Отменить моё последнее [U]&lt;/b&gt; (ваше последнее решение в этом сеансе); &lt;b&gt;J&lt;/b&gt; и &lt;b&gt;K&lt;/b&gt; переходят к следующей и предыдущей паре. Примечание необязательно и сохраняется вместе с решением; Esc выводит из поля примечания.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;Если кто-то другой уже принял решение по этой паре, показывается его решение, а ваше не применяется; чтобы изменить решение, сначала отмените его.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Anyone with &lt;b&gt;inbox_support&lt;/b&gt; may look. Deciding and undoing need &lt;b&gt;inbox_manager&lt;/b&gt;; for other users the decision buttons are disabled.</source>
        <translation>Смотреть может любой, у кого есть роль &lt;b&gt;inbox_support&lt;/b&gt;. Для принятия и отмены решений нужна роль &lt;b&gt;inbox_manager&lt;/b&gt;; у остальных пользователей кнопки решений неактивны.</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Audit&lt;/h2&gt;&lt;p&gt;Every action a person took, newest first: requeues, merges, pairs kept separate, undone decisions and prunes, with who, when, on how many events and the reason or note given.&lt;/p&gt;&lt;h3&gt;Controls&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Person&lt;/b&gt;, &lt;b&gt;Action&lt;/b&gt; and the time box filter the list; &lt;i&gt;Between...&lt;/i&gt; shows from and to fields.&lt;/li&gt;&lt;li&gt;Select an action to list the events it touched below, with their status now. Click an event, or select it and press &lt;b&gt;Open in journal&lt;/b&gt;, to read it on the Journal.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;The person is the database user who acted: the console cannot write another name.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Аудит&lt;/h2&gt;&lt;p&gt;Все действия людей, сначала новые: возвраты в очередь, объединения, пары, оставленные раздельными, отменённые решения и очистки — с указанием, кто и когда действовал, сколько событий затронуто и какая причина или примечание указаны.&lt;/p&gt;&lt;h3&gt;Элементы управления&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Кто&lt;/b&gt;, &lt;b&gt;Действие&lt;/b&gt; и поле времени фильтруют список; &lt;i&gt;В промежутке...&lt;/i&gt; показывает поля «с» и «до».&lt;/li&gt;&lt;li&gt;Выберите действие, чтобы ниже появились затронутые им события с их текущим статусом. Щёлкните событие или выберите его и нажмите &lt;b&gt;Открыть в журнале&lt;/b&gt;, чтобы посмотреть его на экране «Журнал».&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;Кто — это пользователь базы данных, выполнивший действие: консоль не может записать другое имя.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Reading the audit needs the &lt;b&gt;inbox_support&lt;/b&gt; role (or one that includes it). Nothing here changes data.</source>
        <translation>Для чтения аудита нужна роль &lt;b&gt;inbox_support&lt;/b&gt; (или включающая её). Ничто на этом экране не изменяет данные.</translation>
    </message>
    <message>
        <source>&lt;p&gt;Every figure leads to what it counts, of the source chosen: click a tile (or Tab to it and press Enter or Space). &lt;b&gt;Waiting&lt;/b&gt; and &lt;b&gt;Due now&lt;/b&gt; open the journal on the waiting (received) events, &lt;b&gt;Processing&lt;/b&gt; on the events being processed, &lt;b&gt;Stuck&lt;/b&gt; and &lt;b&gt;Failed&lt;/b&gt; open Needs attention on the stuck or the failed events, &lt;b&gt;Oldest due&lt;/b&gt; opens that event in the journal and &lt;b&gt;Open duplicates&lt;/b&gt; the Duplicates screen. A day&apos;s bar, or its row in &lt;i&gt;Per day&lt;/i&gt; (a click, or Enter), opens the journal on that UTC day and source. Hover a bar for its day and count.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Каждая цифра ведёт к тому, что она считает, по выбранному источнику: щёлкните по плитке (или дойдите до неё клавишей Tab и нажмите Enter или пробел). &lt;b&gt;Ожидают&lt;/b&gt; и &lt;b&gt;Готовы сейчас&lt;/b&gt; открывают журнал на ожидающих (полученных) событиях, &lt;b&gt;В обработке&lt;/b&gt; — на событиях в обработке, &lt;b&gt;Зависли&lt;/b&gt; и &lt;b&gt;С ошибкой&lt;/b&gt; открывают «Требует внимания» на зависших или на событиях с ошибкой, &lt;b&gt;Дольше всех ждёт&lt;/b&gt; открывает это событие в журнале, &lt;b&gt;Открытые дубли&lt;/b&gt; — экран «Дубли». Столбик дня или его строка в таблице &lt;i&gt;По дням&lt;/i&gt; (щелчок или Enter) открывает журнал за этот день (UTC) и источник. Наведите указатель на столбик, чтобы увидеть его день и число.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Copy link&lt;/b&gt; (Ctrl+Shift+L, Edit menu, the detail pane&apos;s button or its right-click menu; also for a pair on Duplicates and an entry on Audit) puts a link such as &lt;code&gt;inbox-console://open?profile=prod&amp;amp;event=42&lt;/code&gt; on the clipboard. A colleague opens it with &lt;code&gt;inbox-console --open LINK&lt;/code&gt; or a click where the desktop knows the program: it connects with the saved connection profile of that name (asking on Connect for what is missing) and shows the same place.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Копировать ссылку&lt;/b&gt; (Ctrl+Shift+L, меню «Правка», кнопка панели события или её контекстное меню; также для пары на «Дублях» и записи на «Аудите») кладёт в буфер обмена ссылку вида &lt;code&gt;inbox-console://open?profile=prod&amp;amp;event=42&lt;/code&gt;. Коллега открывает её командой &lt;code&gt;inbox-console --open ССЫЛКА&lt;/code&gt; или щелчком там, где рабочий стол знает программу: она подключается с сохранённым профилем подключения с этим именем (недостающее спросит экран «Подключение») и показывает то же место.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Handlers&lt;/b&gt; (the last table) lists where inbox-dispatcher hands the events on: each handler&apos;s state (delivering, its breaker open after failures, waiting as the handler asked, paused), the figures of its latest 1,000 requests and its last error. &lt;b&gt;Pause&lt;/b&gt; stops sending to the selected handler: its events wait as they are, nothing fails and nothing is dropped, until someone presses &lt;b&gt;Resume&lt;/b&gt;. Both ask for a reason, which the journal keeps with your name. A handler that answered 410 Gone is paused the same way until resumed.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Обработчики&lt;/b&gt; (последняя таблица) показывают, куда inbox-dispatcher передаёт события: состояние каждого обработчика (доставляет, предохранитель разомкнут после ошибок, ждёт, как попросил обработчик, приостановлен), цифры по его последним 1 000 запросам и последнюю ошибку. &lt;b&gt;Приостановить&lt;/b&gt; прекращает отправку выбранному обработчику: его события ждут как есть, ничто не завершается ошибкой и не теряется, пока кто-нибудь не нажмёт &lt;b&gt;Возобновить&lt;/b&gt;. Обе кнопки спрашивают причину, которую журнал сохраняет вместе с вашим именем. Обработчик, ответивший 410 Gone, приостанавливается так же — до возобновления.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Reading the overview needs the &lt;b&gt;inbox_support&lt;/b&gt; role (or inbox_operator or inbox_manager, which include it). Pausing and resuming a handler needs &lt;b&gt;inbox_operator&lt;/b&gt;; nothing else here changes data.</source>
        <translation>Для просмотра обзора нужна роль &lt;b&gt;inbox_support&lt;/b&gt; (или inbox_operator либо inbox_manager, которые её включают). Приостановить и возобновить обработчик может &lt;b&gt;inbox_operator&lt;/b&gt;; больше ничто здесь данные не меняет.</translation>
    </message>
    <message>
        <source>&lt;p&gt;The detail&apos;s last tab, &lt;i&gt;Handler&lt;/i&gt;, lists each request inbox-dispatcher made to hand the event to the team&apos;s handler: when, to which handler, the attempt, the HTTP status (or no answer), how long it took, what became of the event, and the first bytes of the answer or the error. Every attempt carried the same Idempotency-Key.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Последняя вкладка подробностей, &lt;i&gt;Обработчик&lt;/i&gt;, перечисляет каждый запрос, которым inbox-dispatcher передавал событие обработчику команды: когда, какому обработчику, номер попытки, HTTP-статус (или отсутствие ответа), сколько это длилось, что стало с событием и первые байты ответа или ошибку. Каждая попытка несла тот же Idempotency-Key.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Inbox Console&lt;/h2&gt;&lt;p&gt;Choose a screen with its tab or Alt+1 to Alt+7, then press F1 for its guide. Help &gt; Keyboard shortcuts lists every key.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Inbox Console&lt;/h2&gt;&lt;p&gt;Выберите экран вкладкой или клавишами Alt+1 – Alt+7, затем нажмите F1, чтобы открыть справку по нему. В меню «Справка &gt; Сочетания клавиш» перечислены все клавиши.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Report&lt;/h2&gt;&lt;p&gt;How many duplicates the shop had before the inbox, and how many reach a person now. The &lt;b&gt;baseline&lt;/b&gt; is a month&apos;s export of leads or deals from the CRM, from before the inbox, imported with &lt;b&gt;Import an export&lt;/b&gt;: Bitrix24 and amoCRM exports are recognised as they are; for any other CSV choose which column holds the external id, the time, the phones and so on, and the preview shows the first records as that choice reads them. Every line that cannot be read is listed after the import, and a mapping made by hand is remembered for the next file with the same columns (the command line: &lt;code&gt;inbox-console report import FILE&lt;/code&gt;). Its duplicates are the rows beyond the first of a group: the same external id, or the same phone or e-mail (normalized as the inbox normalizes them) within the &lt;b&gt;window&lt;/b&gt;. Rows further apart are a regular customer&apos;s next order, not a duplicate.&lt;/p&gt;&lt;p&gt;&lt;b&gt;With the inbox&lt;/b&gt; counts the chosen days from the inbox itself: deliveries, the repeats it absorbed (duplicates that no longer reach anyone), the possible duplicates it flagged for a manager and what became of them, what the receivers refused and what failed. The chart and the summary put both per 30 days and price each duplicate a person handles at the &lt;b&gt;cost&lt;/b&gt; in minutes.&lt;/p&gt;&lt;p&gt;Below, the baseline&apos;s largest groups: select one to read its rows, and check a sample before believing the figure. Nothing is merged or deleted from a report. &lt;b&gt;Export PDF&lt;/b&gt; writes the report for an owner who has never seen the console; &lt;b&gt;Export CSV&lt;/b&gt; the table for a spreadsheet.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Отчёт&lt;/h2&gt;&lt;p&gt;Сколько дублей было у магазина до inbox и сколько доходит до людей теперь. &lt;b&gt;База сравнения&lt;/b&gt; — выгрузка лидов или сделок из CRM за месяц до inbox, импортированная кнопкой &lt;b&gt;Импорт выгрузки&lt;/b&gt;: выгрузки Битрикс24 и amoCRM распознаются как есть; для любого другого CSV выберите, в каком столбце внешний id, время, телефоны и так далее, и предпросмотр покажет первые записи так, как их читает этот выбор. Каждая строка, которую не удалось прочитать, перечисляется после импорта, а сопоставление, сделанное вручную, запоминается для следующего файла с теми же столбцами (из командной строки: &lt;code&gt;inbox-console report import ФАЙЛ&lt;/code&gt;). Её дубли — строки группы после первой: тот же внешний id или тот же телефон либо e-mail (нормализованные так же, как их нормализует inbox) в пределах &lt;b&gt;окна&lt;/b&gt;. Строки дальше друг от друга — следующий заказ постоянного клиента, а не дубль.&lt;/p&gt;&lt;p&gt;&lt;b&gt;С inbox&lt;/b&gt; — выбранные дни по данным самого inbox: доставки, поглощённые повторы (дубли, которые больше ни до кого не доходят), возможные дубли, отмеченные для менеджера, и что с ними стало, что приёмники отклонили на входе и что завершилось ошибкой. Диаграмма и сводка приводят обе стороны к 30 дням и оценивают каждый дубль, который обрабатывает человек, по &lt;b&gt;цене&lt;/b&gt; в минутах.&lt;/p&gt;&lt;p&gt;Ниже — крупнейшие группы базы сравнения: выберите группу, чтобы прочитать её строки, и проверьте выборку, прежде чем верить цифре. Отчёт ничего не объединяет и не удаляет. &lt;b&gt;Экспорт в PDF&lt;/b&gt; записывает отчёт для владельца, который никогда не видел консоль; &lt;b&gt;экспорт в CSV&lt;/b&gt; — таблицу для электронной таблицы.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Managers import baselines (and delete them, from the command line) and read the Report; a support login given the inbox_report role reads it too. Operators do not see its figures.</source>
        <translation>Менеджеры импортируют базы сравнения (и удаляют их из командной строки) и читают отчёт; пользователь поддержки с ролью inbox_report тоже может его читать. Операторам его цифры недоступны.</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Journal&lt;/h2&gt;&lt;p&gt;Every event, newest first, and everything that happened to it. Use it to answer &quot;what happened to order 12345?&quot;.&lt;/p&gt;&lt;h3&gt;Controls&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Search&lt;/b&gt; (&lt;b&gt;/&lt;/b&gt; or &lt;b&gt;Ctrl+F&lt;/b&gt;): an external id, an idempotency key or an event id, or a customer&apos;s phone, e-mail or name. Exact matches come first, then external ids and keys that start with the text, then the events whose lead has that phone (written any way: +7 (916) 123-45-67 and 89161234567 are one number) or e-mail (in any case), or a name that starts with the text (in any case). An external id whose event was removed by retention is still found: its kept key is a row with the status &quot;pruned&quot; whose detail shows what was kept. Enter searches at once; Esc cancels a slow search or moves to the table.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Source&lt;/b&gt;, &lt;b&gt;Status&lt;/b&gt;, &lt;b&gt;Kind&lt;/b&gt;: tick one or more values; none ticked means all. The time box limits when the event was received; &lt;i&gt;Custom...&lt;/i&gt; shows from and to fields. &lt;b&gt;Needs review&lt;/b&gt; keeps only the events a person should look at. &lt;b&gt;Clear filters&lt;/b&gt; resets them all. The filters are kept for the next start; the search is not.&lt;/li&gt;&lt;li&gt;&lt;b&gt;The table&lt;/b&gt; reads more rows as you scroll, through any number of events. Click a column header to sort by it where the column allows. When new events arrive the list does not jump: a bar says how many are new and &lt;b&gt;Show&lt;/b&gt; brings them in. A slow query shows a bar with &lt;b&gt;Cancel&lt;/b&gt;.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Copying&lt;/b&gt;: Ctrl+C copies the selected rows (tab-separated, for a spreadsheet); the right-click menu copies an event id, external id or idempotency key, and so do Ctrl+Shift+C, Ctrl+Shift+E and Ctrl+Shift+K for the current row. &lt;b&gt;Export CSV...&lt;/b&gt; (Ctrl+E) writes every event the search and filters match to a file.&lt;/li&gt;&lt;li&gt;&lt;b&gt;The detail pane&lt;/b&gt; shows the selected event: &lt;i&gt;Body&lt;/i&gt; (decoded JSON, form fields, text or hex; &lt;i&gt;Save whole body...&lt;/i&gt;), &lt;i&gt;Deliveries&lt;/i&gt; (every delivery, with the differing body of a conflict), &lt;i&gt;Timeline&lt;/i&gt; (the journal entries), &lt;i&gt;Actions&lt;/i&gt; (outgoing calls with their operation keys and results) and &lt;i&gt;Lead&lt;/i&gt; (the lead and its possible duplicates). The copy buttons put the id, external id or key on the clipboard.&lt;/li&gt;&lt;/ul&gt;</source>
        <translation>&lt;h2&gt;Журнал&lt;/h2&gt;&lt;p&gt;Все события, сначала новые, и всё, что с ними происходило. Здесь можно ответить на вопрос «что случилось с заказом 12345?».&lt;/p&gt;&lt;h3&gt;Элементы управления&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Поиск&lt;/b&gt; (&lt;b&gt;/&lt;/b&gt; или &lt;b&gt;Ctrl+F&lt;/b&gt;): внешний id, ключ идемпотентности или id события, либо телефон, e-mail или имя клиента. Сначала идут точные совпадения, затем внешние id и ключи, начинающиеся с введённого текста, затем события, у лида которых этот телефон (записанный как угодно: +7 (916) 123-45-67 и 89161234567 — один номер) или e-mail (в любом регистре) либо имя, начинающееся с текста (в любом регистре). Внешний id события, удалённого по сроку хранения, тоже находится: его сохранённый ключ — строка со статусом «удалено», а в подробностях видно, что о нём сохранилось. Enter запускает поиск сразу; Esc отменяет медленный поиск или переходит к таблице.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Источник&lt;/b&gt;, &lt;b&gt;Статус&lt;/b&gt;, &lt;b&gt;Вид&lt;/b&gt;: отметьте одно или несколько значений; если ничего не отмечено, показываются все. Поле времени ограничивает время получения события; &lt;i&gt;Свой период...&lt;/i&gt; показывает поля «с» и «до». &lt;b&gt;Нужна проверка&lt;/b&gt; оставляет только события, которые должен посмотреть человек. &lt;b&gt;Сбросить фильтры&lt;/b&gt; сбрасывает все фильтры. Фильтры сохраняются до следующего запуска, поиск — нет.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Таблица&lt;/b&gt; подгружает строки по мере прокрутки, сколько бы ни было событий. Щёлкните заголовок столбца, чтобы отсортировать по нему, если столбец это допускает. Когда приходят новые события, список не прыгает: панель сообщает, сколько пришло новых, а кнопка &lt;b&gt;Показать&lt;/b&gt; добавляет их. При медленном запросе появляется панель с кнопкой &lt;b&gt;Отмена&lt;/b&gt;.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Копирование&lt;/b&gt;: Ctrl+C копирует выбранные строки (через табуляцию, для электронной таблицы); контекстное меню копирует id события, внешний id или ключ идемпотентности, как и Ctrl+Shift+C, Ctrl+Shift+E и Ctrl+Shift+K для текущей строки. &lt;b&gt;Экспорт в CSV...&lt;/b&gt; (Ctrl+E) записывает в файл все события, подходящие под поиск и фильтры.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Панель подробностей&lt;/b&gt; показывает выбранное событие: &lt;i&gt;Тело&lt;/i&gt; (декодированный JSON, поля формы, текст или шестнадцатеричный дамп; &lt;i&gt;Сохранить тело целиком...&lt;/i&gt;), &lt;i&gt;Доставки&lt;/i&gt; (все доставки, с отличающимся телом при конфликте), &lt;i&gt;Хронология&lt;/i&gt; (записи журнала), &lt;i&gt;Действия&lt;/i&gt; (исходящие вызовы с ключами операций и результатами) и &lt;i&gt;Заявка&lt;/i&gt; (заявка и её возможные дубли). Кнопки копирования помещают id, внешний id или ключ в буфер обмена.&lt;/li&gt;&lt;/ul&gt;</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Connect&lt;/h2&gt;&lt;p&gt;Where the console connects, and what the connection turned out to be. The other screens open once you are connected to a database whose inbox schema matches this program.&lt;/p&gt;&lt;h3&gt;Controls&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Profile&lt;/b&gt;: pick a saved connection. To save the current connection string, type a name and press &lt;b&gt;Save profile&lt;/b&gt;; &lt;b&gt;Delete profile&lt;/b&gt; removes the one named. A profile never holds a password: one found in the string is taken out when saving and kept in memory only.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Connection string&lt;/b&gt;: libpq&apos;s form: &lt;code&gt;host=... port=... dbname=... user=... sslmode=...&lt;/code&gt;, a &lt;code&gt;postgresql://&lt;/code&gt; URI, or &lt;code&gt;service=NAME&lt;/code&gt;. What is left out comes from the PG* environment variables, the service file and &lt;code&gt;~/.pgpass&lt;/code&gt;, as with psql.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Read from&lt;/b&gt; (optional): a hot standby for the screens to read from, e.g. &lt;code&gt;host=db2&lt;/code&gt;; what it leaves out comes from the connection string. Every action still goes to the connection string&apos;s server. While the standby does not answer, reads go there too, unless &lt;code&gt;target_session_attrs&lt;/code&gt; is given here. The status bar shows where reads come from and the standby&apos;s lag.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Password&lt;/b&gt;: only when neither &lt;code&gt;~/.pgpass&lt;/code&gt; nor the service file has it. It is kept in memory only, never saved or logged.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Connect&lt;/b&gt; (or Enter in either field) connects; &lt;b&gt;Cancel&lt;/b&gt; stops an attempt that takes long. A failure says what to do next.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;The &lt;b&gt;Connection&lt;/b&gt; box shows the server version, database, address, the user and their inbox roles, whether the connection is encrypted, and the schema version. When the schema is missing or older than this program, the user who owns it gets a button that applies the pending migrations; anyone else is told whom to ask and which command to run. A schema newer than this program keeps the other screens closed: use a newer Inbox Console.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Подключение&lt;/h2&gt;&lt;p&gt;Куда подключается консоль и каким оказалось подключение. Остальные экраны открываются после подключения к базе данных, схема inbox которой соответствует этой программе.&lt;/p&gt;&lt;h3&gt;Элементы управления&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Профиль&lt;/b&gt;: выберите сохранённое подключение. Чтобы сохранить текущую строку подключения, введите имя и нажмите &lt;b&gt;Сохранить профиль&lt;/b&gt;; &lt;b&gt;Удалить профиль&lt;/b&gt; удаляет профиль с этим именем. Профиль никогда не хранит пароль: найденный в строке пароль при сохранении убирается из неё и хранится только в памяти.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Строка подключения&lt;/b&gt;: в формате libpq: &lt;code&gt;host=... port=... dbname=... user=... sslmode=...&lt;/code&gt;, URI &lt;code&gt;postgresql://&lt;/code&gt; или &lt;code&gt;service=NAME&lt;/code&gt;. Недостающее берётся из переменных окружения PG*, файла служб и &lt;code&gt;~/.pgpass&lt;/code&gt;, как в psql.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Читать с&lt;/b&gt; (необязательно): горячий резерв, с которого читают экраны, например &lt;code&gt;host=db2&lt;/code&gt;; недостающее берётся из строки подключения. Все действия по-прежнему идут на сервер из строки подключения. Пока резервный сервер не отвечает, чтение тоже идёт туда, если только здесь не указан &lt;code&gt;target_session_attrs&lt;/code&gt;. В строке состояния видно, откуда идёт чтение и насколько отстаёт резервный сервер.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Пароль&lt;/b&gt;: нужен, только если его нет ни в &lt;code&gt;~/.pgpass&lt;/code&gt;, ни в файле служб. Он хранится только в памяти и никогда не сохраняется и не попадает в лог.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Подключиться&lt;/b&gt; (или Enter в любом из полей) выполняет подключение; &lt;b&gt;Отменить&lt;/b&gt; прерывает затянувшуюся попытку. При неудаче программа подскажет, что делать дальше.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;В блоке &lt;b&gt;Подключение&lt;/b&gt; показаны версия сервера, база данных, адрес, пользователь и его роли inbox, зашифровано ли подключение, а также версия схемы. Если схемы нет или она старше этой программы, её владельцу доступна кнопка, применяющая ожидающие миграции; остальным сообщается, к кому обратиться и какую команду выполнить. Если схема новее этой программы, остальные экраны остаются закрытыми: используйте более новую Inbox Console.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>inbox::Session</name>
    <message>
        <source>connection attempt cancelled</source>
        <translation>попытка подключения отменена</translation>
    </message>
</context>
<context>
    <name>inbox::SettingsDialog</name>
    <message>
        <source>&amp;Reset window layout and filters</source>
        <translation>&amp;Сбросить расположение окна и фильтры</translation>
    </message>
    <message>
        <source>Restart &amp;now</source>
        <translation>&amp;Перезапустить сейчас</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Настройки</translation>
    </message>
    <message>
        <source>System</source>
        <translation>Как в системе</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Язык</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Светлая</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Тёмная</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>Тема</translation>
    </message>
    <message>
        <source>Trace (everything)</source>
        <translation>Трассировка (всё)</translation>
    </message>
    <message>
        <source>Debug</source>
        <translation>Отладка</translation>
    </message>
    <message>
        <source>Info (default)</source>
        <translation>Информация (по умолчанию)</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>Предупреждения</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>Ошибки</translation>
    </message>
    <message>
        <source>Log level</source>
        <translation>Уровень журнала</translation>
    </message>
    <message>
        <source>Reset window layout and filters</source>
        <translation>Сбросить расположение окна и фильтры</translation>
    </message>
    <message>
        <source>Restart now</source>
        <translation>Перезапустить сейчас</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Язык:</translation>
    </message>
    <message>
        <source>The screens are built in one language: a change applies after a restart.</source>
        <translation>Экраны строятся на одном языке: изменение вступит в силу после перезапуска.</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>&amp;Тема:</translation>
    </message>
    <message>
        <source>Log le&amp;vel:</source>
        <translation>&amp;Уровень журнала:</translation>
    </message>
    <message>
        <source>Debug and trace write much more to the log file; use them while investigating a problem.</source>
        <translation>В режимах отладки и трассировки в файл журнала программы пишется намного больше; включайте их при расследовании проблемы.</translation>
    </message>
    <message>
        <source>Forgets the window&apos;s size, splitters, columns and every screen&apos;s remembered filters. The window opens with the built-in layout at the next start.</source>
        <translation>Забывает размер окна, положение разделителей, столбцы и запомненные фильтры всех экранов. При следующем запуске окно откроется со встроенной раскладкой.</translation>
    </message>
</context>
<context>
    <name>inbox::ShortcutList</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Сочетания клавиш</translation>
    </message>
    <message>
        <source>Read from the program itself. Screen keys work while that screen is shown; single letters do not act while you type in a text field. Alt with an underlined letter presses a button or opens a menu.</source>
        <translation>Список взят из самой программы. Клавиши экрана действуют, пока этот экран открыт; одиночные буквы не срабатывают, пока вы вводите текст в поле. Alt с подчёркнутой буквой нажимает кнопку или открывает меню.</translation>
    </message>
    <message>
        <source>Everywhere</source>
        <translation>Везде</translation>
    </message>
    <message>
        <source>%1 screen</source>
        <translation>Экран «%1»</translation>
    </message>
</context>
<context>
    <name>inbox::TimeRangeFilter</name>
    <message>
        <source>Any time</source>
        <translation>Любое время</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>Последний час</translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation>Последние 24 часа</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>Последние 7 дней</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>Последние 30 дней</translation>
    </message>
    <message>
        <source>Custom...</source>
        <translation>Свой период...</translation>
    </message>
    <message>
        <source>Time range</source>
        <translation>Период</translation>
    </message>
    <message>
        <source>From</source>
        <translation>С</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>До</translation>
    </message>
    <message>
        <source>When the event was received</source>
        <translation>Когда получено событие</translation>
    </message>
    <message>
        <source>Received from (inclusive)</source>
        <translation>Получено с (включительно)</translation>
    </message>
    <message>
        <source>Received before</source>
        <translation>Получено до</translation>
    </message>
</context>
<context>
    <name>inbox::cli</name>
    <message>
        <source>there is no baseline %1</source>
        <translation>базы сравнения %1 нет</translation>
    </message>
    <message>
        <source>Baseline %1 &quot;%2&quot;: %3 rows from %4 (%5), %6 unreadable lines, %7 .. %8 (UTC), imported by %9</source>
        <translation>База сравнения %1 «%2»: строк — %3, файл %4 (%5), нечитаемых строк — %6, %7 .. %8 (UTC), загрузил %9</translation>
    </message>
    <message>
        <source>Duplicates within %1 hours (the rows beyond the first of each group):</source>
        <translation>Дубли в пределах %1 ч (строки группы после первой):</translation>
    </message>
    <message>
        <source>source</source>
        <translation>источник</translation>
    </message>
    <message>
        <source>rows</source>
        <translation>строк</translation>
    </message>
    <message>
        <source>by external id</source>
        <translation>по внешнему id</translation>
    </message>
    <message>
        <source>by phone</source>
        <translation>по телефону</translation>
    </message>
    <message>
        <source>by e-mail</source>
        <translation>по e-mail</translation>
    </message>
    <message>
        <source>duplicates</source>
        <translation>дублей</translation>
    </message>
    <message>
        <source>share</source>
        <translation>доля</translation>
    </message>
    <message>
        <source>total</source>
        <translation>итого</translation>
    </message>
    <message>
        <source>--map takes FIELD=COLUMN, FIELD one of source, external_id, created_at, phone, email, name; got %1</source>
        <translation>--map принимает ПОЛЕ=СТОЛБЕЦ, где ПОЛЕ — source, external_id, created_at, phone, email или name; получено %1</translation>
    </message>
    <message>
        <source>the file has no column &quot;%1&quot;</source>
        <translation>в файле нет столбца «%1»</translation>
    </message>
    <message>
        <source>no column for: %1 (map them with --map FIELD=COLUMN, or give --source NAME)</source>
        <translation>нет столбца для: %1 (укажите их через --map ПОЛЕ=СТОЛБЕЦ или задайте --source ИМЯ)</translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>строка %1: %2</translation>
    </message>
    <message>
        <source>%1: %2 rows read, %3 unreadable lines</source>
        <translation>%1: прочитано строк — %2, нечитаемых строк — %3</translation>
    </message>
    <message>
        <source>no row could be read, nothing was stored</source>
        <translation>не прочитано ни одной строки, ничего не сохранено</translation>
    </message>
    <message>
        <source>give --baseline ID --from YYYY-MM-DD --to YYYY-MM-DD</source>
        <translation>укажите --baseline ID --from ГГГГ-ММ-ДД --to ГГГГ-ММ-ДД</translation>
    </message>
    <message>
        <source>Baseline %1 against the inbox, UTC days %2 .. %3:</source>
        <translation>База сравнения %1 и inbox за дни (UTC) %2 .. %3:</translation>
    </message>
    <message>
        <source>baseline rows</source>
        <translation>строк в базе</translation>
    </message>
    <message>
        <source>baseline duplicates</source>
        <translation>дублей в базе</translation>
    </message>
    <message>
        <source>deliveries</source>
        <translation>доставок</translation>
    </message>
    <message>
        <source>repeats absorbed</source>
        <translation>повторов поглощено</translation>
    </message>
    <message>
        <source>conflicts</source>
        <translation>конфликтов</translation>
    </message>
    <message>
        <source>possible duplicates flagged</source>
        <translation>возможных дублей отмечено</translation>
    </message>
    <message>
        <source>merged</source>
        <translation>объединено</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>отклонено</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>отказано</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>с ошибкой</translation>
    </message>
    <message>
        <source>Refused and failed, by reason:</source>
        <translation>Отказы и ошибки по причинам:</translation>
    </message>
    <message>
        <source>what</source>
        <translation>что</translation>
    </message>
    <message>
        <source>reason</source>
        <translation>причина</translation>
    </message>
    <message>
        <source>count</source>
        <translation>число</translation>
    </message>
    <message>
        <source>error</source>
        <translation>ошибка</translation>
    </message>
    <message>
        <source>written: %1</source>
        <translation>записано: %1</translation>
    </message>
    <message>
        <source>The Report from the command line.

  report import FILE   read a CRM export (CSV), list the lines it cannot read,
                       store it as a baseline and print its duplicates
  report compare       print a baseline and the inbox&apos;s figures of a period
                       side by side</source>
        <translation>Отчёт из командной строки.

  report import ФАЙЛ   прочитать выгрузку CRM (CSV), перечислить нечитаемые строки,
                       сохранить её как базу сравнения и вывести её дубли
  report compare       вывести базу сравнения и цифры inbox за период
                       рядом</translation>
    </message>
    <message>
        <source>Connect to CONNINFO.</source>
        <translation>Подключиться к CONNINFO.</translation>
    </message>
    <message>
        <source>import: the baseline&apos;s name (default: the file&apos;s).</source>
        <translation>import: имя базы сравнения (по умолчанию — имя файла).</translation>
    </message>
    <message>
        <source>import: the layout&apos;s name stored with the baseline (default: the recognised one).</source>
        <translation>import: имя формата, сохраняемое с базой сравнения (по умолчанию — распознанный формат).</translation>
    </message>
    <message>
        <source>import: take FIELD (source, external_id, created_at, phone, email, name) from the column named COLUMN; repeat for each field.</source>
        <translation>import: брать ПОЛЕ (source, external_id, created_at, phone, email, name) из столбца с именем СТОЛБЕЦ; повторите для каждого поля.</translation>
    </message>
    <message>
        <source>import: the source of every row, when no column has it.</source>
        <translation>import: источник всех строк, если его нет ни в одном столбце.</translation>
    </message>
    <message>
        <source>The duplicate window in hours (default 24).</source>
        <translation>Окно поиска дублей в часах (по умолчанию 24).</translation>
    </message>
    <message>
        <source>compare: the baseline&apos;s id.</source>
        <translation>compare: id базы сравнения.</translation>
    </message>
    <message>
        <source>compare: the first UTC day of the period.</source>
        <translation>compare: первый день периода (UTC).</translation>
    </message>
    <message>
        <source>compare: the last UTC day of the period.</source>
        <translation>compare: последний день периода (UTC).</translation>
    </message>
    <message>
        <source>compare: also write the table to FILE as CSV.</source>
        <translation>compare: также записать таблицу в ФАЙЛ в формате CSV.</translation>
    </message>
    <message>
        <source>Language of the output: en or ru.</source>
        <translation>Язык вывода: en или ru.</translation>
    </message>
    <message>
        <source>import FILE, or compare</source>
        <translation>import ФАЙЛ или compare</translation>
    </message>
    <message>
        <source>--window takes hours, 1 to 2160</source>
        <translation>--window принимает часы, от 1 до 2160</translation>
    </message>
    <message>
        <source>use: report import FILE, or report compare (try report --help)</source>
        <translation>используйте: report import ФАЙЛ или report compare (см. report --help)</translation>
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
        <source>Once connected, save a picture of every screen into DIR and exit.</source>
        <translation>После подключения сохранить снимок каждого экрана в каталог DIR и выйти.</translation>
    </message>
    <message>
        <source>Open LINK (inbox-console://open?..., from Copy link) at its place, connecting with the saved connection profile it names.</source>
        <translation>Открыть ССЫЛКУ (inbox-console://open?..., из «Копировать ссылку») на её месте, подключившись с сохранённым профилем, который она называет.</translation>
    </message>
    <message>
        <source>migrate: apply pending schema migrations and exit. report: the Report (see report --help).</source>
        <translation>migrate: применить ожидающие миграции схемы и выйти. report: отчёт (см. report --help).</translation>
    </message>
    <message>
        <source>With --db: the screens read from this hot standby (a connection string; keys it leaves out come from --db); every action still goes to --db.</source>
        <translation>Вместе с --db: экраны читают с этого горячего резерва (строка подключения; недостающие ключи берутся из --db); все действия по-прежнему идут на --db.</translation>
    </message>
</context>
</TS>
