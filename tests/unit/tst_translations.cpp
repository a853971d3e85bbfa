// Every user-visible string has a finished Russian and English translation: no unfinished or
// empty entry, the plural forms each language needs (ru 3, en 2), the same %1..%9 placeholders
// as the source and a keyboard accelerator where the source has one. The .ts files of the
// source tree are first brought up to date with the code by lupdate (on a copy), so a tr()
// string added without its translation fails here, not in front of a user.
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <QXmlStreamReader>

namespace {

struct Message
{
    QString context;
    QString source;
    bool numerus = false;
    bool unfinished = false;
    bool vanished = false;
    QStringList forms; // one for a plain message
};

QVector<Message> readTs(const QString &path, QString *error)
{
    QVector<Message> out;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return out;
    }
    QXmlStreamReader xml(&file);
    QString context;
    Message m;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isEndElement() && xml.name() == QLatin1String("message")) {
            out.append(m);
            continue;
        }
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            m = Message{};
            m.context = context;
            m.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
        } else if (name == QLatin1String("source")) {
            m.source = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            const auto type = xml.attributes().value(QLatin1String("type"));
            m.unfinished = type == QLatin1String("unfinished");
            m.vanished = type == QLatin1String("vanished") || type == QLatin1String("obsolete");
            if (!m.numerus) // a plural translation holds <numerusform> elements instead
                m.forms = {xml.readElementText()};
        } else if (name == QLatin1String("numerusform")) {
            m.forms.append(xml.readElementText());
        }
    }
    if (xml.hasError())
        *error = xml.errorString();
    return out;
}

QSet<QString> placeholders(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("%L?([1-9]|n)"));
    QSet<QString> found;
    for (auto it = re.globalMatch(text); it.hasNext();)
        found.insert(it.next().captured(1));
    return found;
}

// A single '&' before a letter marks a keyboard accelerator ("&&" is a literal ampersand).
bool hasAccelerator(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("(^|[^&])&[^&\\s]"));
    return re.match(text).hasMatch();
}

QString where(const Message &m)
{
    return m.context + QStringLiteral(": \"") + m.source + QLatin1Char('"');
}

} // namespace

class TestTranslations final : public QObject
{
    Q_OBJECT
private slots:
    // The built .qm files turn the English source's "(s)" into real plural forms in both
    // languages (the window once showed "250 event(s)": only the Russian file was loaded).
    void pluralsRead_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<int>("n");
        QTest::addColumn<QString>("expected");
        QTest::newRow("en 1") << QStringLiteral("en") << 1 << QStringLiteral("1 byte");
        QTest::newRow("en 355") << QStringLiteral("en") << 355 << QStringLiteral("355 bytes");
        QTest::newRow("ru 1") << QStringLiteral("ru") << 1 << QStringLiteral("1 байт");
        QTest::newRow("ru 2") << QStringLiteral("ru") << 2 << QStringLiteral("2 байта");
        QTest::newRow("ru 355") << QStringLiteral("ru") << 355 << QStringLiteral("355 байт");
    }

    void pluralsRead()
    {
        QFETCH(QString, language);
        QFETCH(int, n);
        QFETCH(QString, expected);
        QTranslator translator;
        QVERIFY2(translator.load(QStringLiteral(INBOX_QM_DIR "/inbox_console_%1.qm").arg(language)),
                 INBOX_QM_DIR);
        QCoreApplication::installTranslator(&translator);
        const QString text =
            QCoreApplication::translate("inbox::JournalModel", "%n byte(s)", "", n);
        QCoreApplication::removeTranslator(&translator);
        QCOMPARE(text, expected);
    }

    void finished_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<int>("pluralForms");
        QTest::newRow("ru") << QStringLiteral("ru") << 3;
        QTest::newRow("en") << QStringLiteral("en") << 2;
    }

    void finished()
    {
        QFETCH(QString, language);
        QFETCH(int, pluralForms);
        const QString original =
            QStringLiteral(INBOX_SOURCE_DIR "/translations/inbox_console_%1.ts").arg(language);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("current.ts"));
        QVERIFY(QFile::copy(original, path));
        // The same sources and options as the update_translations target.
        QProcess lupdate;
        lupdate.setProcessChannelMode(QProcess::MergedChannels);
        lupdate.start(
            QStringLiteral(INBOX_LUPDATE),
            {QStringLiteral("-silent"), QStringLiteral("-no-obsolete"),
             QStringLiteral("-locations"), QStringLiteral("none"), QStringLiteral("-extensions"),
             QStringLiteral("cpp,h"), QStringLiteral(INBOX_SOURCE_DIR "/widgets"),
             QStringLiteral(INBOX_SOURCE_DIR "/models"),
             QStringLiteral(INBOX_SOURCE_DIR "/app/inbox-console"), QStringLiteral("-ts"), path});
        QVERIFY2(lupdate.waitForFinished(60000), qPrintable(lupdate.errorString()));
        QVERIFY2(lupdate.exitCode() == 0, lupdate.readAll().constData());
        QString error;
        const QVector<Message> messages = readTs(path, &error);
        QVERIFY2(error.isEmpty(), qPrintable(path + QStringLiteral(": ") + error));
        QVERIFY2(messages.size() > 100, qPrintable(path)); // the file really was read

        QStringList problems;
        for (const Message &m : qAsConst(messages)) {
            if (m.vanished)
                continue;
            if (m.unfinished) {
                problems << QStringLiteral("unfinished: ") + where(m);
                continue;
            }
            if (m.numerus && m.forms.size() != pluralForms) {
                problems << QStringLiteral("%1 plural forms instead of %2: ")
                                    .arg(m.forms.size())
                                    .arg(pluralForms) +
                                where(m);
                continue;
            }
            for (const QString &form : m.forms) {
                if (form.trimmed().isEmpty() && !m.source.trimmed().isEmpty())
                    problems << QStringLiteral("empty: ") + where(m);
                QSet<QString> wanted = placeholders(m.source);
                QSet<QString> got = placeholders(form);
                // A plural form may leave the number out ("one event" for %n == 1).
                if (m.numerus) {
                    wanted.remove(QStringLiteral("n"));
                    got.remove(QStringLiteral("n"));
                }
                if (wanted != got)
                    problems << QStringLiteral("placeholders differ in \"%1\": ").arg(form) +
                                    where(m);
                if (hasAccelerator(m.source) && !hasAccelerator(form))
                    problems << QStringLiteral("no accelerator in \"%1\": ").arg(form) + where(m);
            }
        }
        QVERIFY2(problems.isEmpty(),
                 qPrintable(QStringLiteral("\n") + problems.join(QLatin1Char('\n')) +
                            QStringLiteral("\nRun `cmake --build <build dir> --target "
                                           "update_translations` and translate them in ") +
                            original));
    }
};

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"

#include "journal/journalmodel.h"
