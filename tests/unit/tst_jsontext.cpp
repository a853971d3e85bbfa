// The receiver's JSON text checks (app/inbox-receiver/adapters/jsontext.h): the strict reading
// every JSON body passes (what PostgreSQL's ::jsonb takes, RFC 8259), and an integer's own
// digits at a dotted path. The HTTP-level cases are in tst_receiverframing.
#include "jsontext.h"

#include <QTest>

using receiver::support::isStrictJson;
using receiver::support::kMaxJsonDepth;
using receiver::support::rawNumberAt;

class TestJsonText final : public QObject
{
    Q_OBJECT

private slots:
    void strict_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<bool>("strict");
        QTest::newRow("object") << QByteArray("{\"a\":[1,-0.5e+3,true,false,null,\"x\"]}") << true;
        QTest::newRow("whitespace") << QByteArray(" \t\r\n{ \"a\" : 1 }\n") << true;
        QTest::newRow("escapes") << QByteArray("\"\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u00e9\"")
                                 << true;
        QTest::newRow("surrogate pair") << QByteArray("\"\\ud83d\\ude00\"") << true;
        QTest::newRow("utf-8") << QByteArray("\"\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"") << true;
        QTest::newRow("empty") << QByteArray() << false;
        QTest::newRow("raw newline") << QByteArray("\"a\nb\"") << false;
        QTest::newRow("raw NUL") << QByteArray("\"a\0b\"", 5) << false;
        QTest::newRow("raw 0x1f") << QByteArray("\"a\x1f\"") << false;
        QTest::newRow("escape \\8") << QByteArray("\"\\8\"") << false;
        QTest::newRow("escape \\U") << QByteArray("\"\\U0041\"") << false;
        QTest::newRow("escape \\x") << QByteArray("\"\\x41\"") << false;
        QTest::newRow("short \\u") << QByteArray("\"\\u12\"") << false;
        QTest::newRow("\\u0000") << QByteArray("\"\\u0000\"") << false;
        QTest::newRow("lone high surrogate") << QByteArray("\"\\ud800x\"") << false;
        QTest::newRow("lone low surrogate") << QByteArray("\"\\udc00\"") << false;
        QTest::newRow("overlong") << QByteArray("\"\xc0\xaf\"") << false;
        QTest::newRow("encoded surrogate") << QByteArray("\"\xed\xa0\x80\"") << false;
        QTest::newRow("past U+10FFFF") << QByteArray("\"\xf4\x90\x80\x80\"") << false;
        QTest::newRow("cut sequence") << QByteArray("\"\xe2\x82\"") << false;
        QTest::newRow("leading zero") << QByteArray("01") << false;
        QTest::newRow("plus") << QByteArray("+1") << false;
        QTest::newRow("bare dot") << QByteArray(".5") << false;
        QTest::newRow("dot without digits") << QByteArray("1.") << false;
        QTest::newRow("exponent without digits") << QByteArray("1e") << false;
        QTest::newRow("BOM") << QByteArray("\xef\xbb\xbf{}") << false;
        QTest::newRow("trailing comma") << QByteArray("[1,]") << false;
        QTest::newRow("garbage after") << QByteArray("{} x") << false;
        QTest::newRow("two values") << QByteArray("{}{}") << false;
        QTest::newRow("unquoted key") << QByteArray("{a:1}") << false;
        QTest::newRow("form feed as space") << QByteArray("\f{}") << false;
        QTest::newRow("deep but allowed")
            << QByteArray(kMaxJsonDepth, '[') + QByteArray(kMaxJsonDepth, ']') << true;
        QTest::newRow("too deep") << QByteArray(kMaxJsonDepth + 1, '[') +
                                         QByteArray(kMaxJsonDepth + 1, ']')
                                  << false;
        QTest::newRow("100,000 levels") << QByteArray(100000, '[') << false;
    }

    void strict()
    {
        QFETCH(QByteArray, text);
        QFETCH(bool, strict);
        QCOMPARE(isStrictJson(text), strict);
    }

    void rawNumbers_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QByteArray>("raw");
        QTest::newRow("2^64 + 1") << QByteArray("{\"id\":18446744073709551617}")
                                  << QStringLiteral("id") << QByteArray("18446744073709551617");
        QTest::newRow("nested") << QByteArray("{\"a\":{\"b\":[5,{\"id\":-12345678901234567890}]}}")
                                << QStringLiteral("a.b.1.id")
                                << QByteArray("-12345678901234567890");
        QTest::newRow("escaped key")
            << QByteArray("{\"\\u0069d\":7}") << QStringLiteral("id") << QByteArray("7");
        QTest::newRow("last duplicate counts")
            << QByteArray("{\"id\":1,\"id\":2}") << QStringLiteral("id") << QByteArray("2");
        QTest::newRow("later duplicate not a number")
            << QByteArray("{\"id\":1,\"id\":\"x\"}") << QStringLiteral("id") << QByteArray();
        QTest::newRow("same name deeper is not it")
            << QByteArray("{\"x\":{\"id\":1}}") << QStringLiteral("id") << QByteArray();
        QTest::newRow("a string") << QByteArray("{\"id\":\"12\"}") << QStringLiteral("id")
                                  << QByteArray();
        QTest::newRow("absent") << QByteArray("{\"x\":1}") << QStringLiteral("id") << QByteArray();
        QTest::newRow("not strict")
            << QByteArray("{\"id\":1,\"s\":\"\\8\"}") << QStringLiteral("id") << QByteArray();
        QTest::newRow("fraction as written")
            << QByteArray("{\"id\":1.50}") << QStringLiteral("id") << QByteArray("1.50");
    }

    void rawNumbers()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, path);
        QFETCH(QByteArray, raw);
        QCOMPARE(rawNumberAt(text, path), raw);
    }
};

QTEST_GUILESS_MAIN(TestJsonText)
#include "tst_jsontext.moc"
