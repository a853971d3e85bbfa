// BodyDecoder: every kind of body a sender may deliver is shown readably, and nothing a sender
// can deliver (malformed, huge, deeply nested, binary) crashes or stalls the detail pane.
#include "journal/bodydecoder.h"

#include <QElapsedTimer>
#include <QtTest>

using inbox::BodyDecoder;
using inbox::DecodedBody;

class TestBodyDecoder : public QObject
{
    Q_OBJECT

private slots:
    void jsonIsPrettyPrintedVerbatim()
    {
        // Key order, a duplicate key and a number beyond double precision survive as sent.
        const QByteArray body =
            "{\"z\":1,\"a\":[1,2,{}],\"id\":12345678901234567891,\"a\":null,\"s\":\"x\\\"y\"}";
        const DecodedBody d = BodyDecoder::decode(body, QStringLiteral("application/json"));
        QCOMPARE(d.format, DecodedBody::Format::Json);
        QCOMPARE(d.text, QStringLiteral("{\n  \"z\": 1,\n  \"a\": [\n    1,\n    2,\n    {}\n  ],\n"
                                        "  \"id\": 12345678901234567891,\n  \"a\": null,\n"
                                        "  \"s\": \"x\\\"y\"\n}"));
        QVERIFY(!d.truncated);
        QCOMPARE(d.totalBytes, qint64(body.size()));
    }

    void jsonUnicodeEscapesAreShownAsCharacters()
    {
        const QByteArray body = "{\"name\":\"\\u0418\\u0432\\u0430\\u043d\",\"emoji\":"
                                "\"\\ud83d\\ude00\",\"ctl\":\"\\u0001\",\"lone\":\"\\ud800\"}";
        const DecodedBody d =
            BodyDecoder::decode(body, QStringLiteral("application/json; charset=utf-8"));
        QCOMPARE(d.format, DecodedBody::Format::Json);
        QVERIFY2(d.text.contains(QStringLiteral("\"Иван\"")), qPrintable(d.text));
        QVERIFY2(d.text.contains(QString::fromUtf8("\"\xF0\x9F\x98\x80\"")), qPrintable(d.text));
        // Control characters and lone surrogates stay escaped rather than becoming garbage.
        QVERIFY(d.text.contains(QStringLiteral("\"\\u0001\"")));
        QVERIFY(d.text.contains(QStringLiteral("\"\\ud800\"")));
    }

    void jsonIsSniffedWhenTheTypeSaysLittle()
    {
        const DecodedBody d = BodyDecoder::decode(QByteArray("  [1, true]"),
                                                  QStringLiteral("application/octet-stream"));
        QCOMPARE(d.format, DecodedBody::Format::Json);
        QCOMPARE(d.text, QStringLiteral("[\n  1,\n  true\n]"));
    }

    void malformedJsonFallsBackToText_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::newRow("unclosed") << QByteArray("{\"a\": [1, 2");
        QTest::newRow("trailing comma") << QByteArray("{\"a\": 1,}");
        QTest::newRow("bare word") << QByteArray("{\"a\": nope}");
        QTest::newRow("two documents") << QByteArray("{} {}");
        QTest::newRow("bad escape") << QByteArray("[\"\\q\"]");
        QTest::newRow("raw newline in string") << QByteArray("[\"a\nb\"]");
        QTest::newRow("leading zero") << QByteArray("[012]");
        QTest::newRow("key not a string") << QByteArray("{1: 2}");
        QTest::newRow("mismatched") << QByteArray("[}");
        QTest::newRow("only a brace") << QByteArray("{");
    }
    void malformedJsonFallsBackToText()
    {
        QFETCH(QByteArray, body);
        const DecodedBody d = BodyDecoder::decode(body, QStringLiteral("application/json"));
        QCOMPARE(d.format, DecodedBody::Format::Text);
        QCOMPARE(d.noteCode, DecodedBody::Note::InvalidJson);
        QVERIFY2(d.note.contains(QStringLiteral("byte")), qPrintable(d.note));
        QCOMPARE(d.text, BodyDecoder::safeText(body));
    }

    void hundredThousandLevelsDoNotCrash()
    {
        const int depth = 100000;
        const QByteArray body = QByteArray(depth, '[') + QByteArray(depth, ']');
        QElapsedTimer timer;
        timer.start();
        const DecodedBody d = BodyDecoder::decode(body, QStringLiteral("application/json"));
        QCOMPARE(d.format, DecodedBody::Format::Text);
        QCOMPARE(d.noteCode, DecodedBody::Note::TooDeep);
        QCOMPARE(d.text.size(), body.size());
        qInfo("decoded in %lld ms", qint64(timer.elapsed())); // timed, not asserted
        // Deep objects too, and the same nesting just inside the limit still pretty-prints.
        QByteArray objects;
        for (int i = 0; i < depth; ++i)
            objects += "{\"a\":";
        objects += "1" + QByteArray(depth, '}');
        QCOMPARE(BodyDecoder::decode(objects, QStringLiteral("application/json")).noteCode,
                 DecodedBody::Note::TooDeep);
        const int ok = BodyDecoder::kMaxJsonDepth;
        QCOMPARE(BodyDecoder::decode(QByteArray(ok, '[') + QByteArray(ok, ']'),
                                     QStringLiteral("application/json"))
                     .format,
                 DecodedBody::Format::Json);
    }

    void largeBodyIsTruncatedQuickly()
    {
        // 20 MB of JSON: only the head is decoded; the printer accepts the cut.
        QByteArray body = "[";
        const QByteArray item = "{\"sku\":\"A-1\",\"qty\":1,\"name\":\"Тестовый товар\"},";
        while (body.size() < 20 * 1024 * 1024)
            body += item;
        body.chop(1);
        body += "]";
        QElapsedTimer timer;
        timer.start();
        const DecodedBody d = BodyDecoder::decode(body, QStringLiteral("application/json"));
        qInfo("decoded in %lld ms", qint64(timer.elapsed())); // timed, not asserted
        QCOMPARE(d.format, DecodedBody::Format::Json);
        QVERIFY(d.truncated);
        QCOMPARE(d.decodedBytes, qint64(BodyDecoder::kDisplayLimit));
        QCOMPARE(d.totalBytes, qint64(body.size()));
        QVERIFY(d.text.endsWith(QStringLiteral("…")));
        QVERIFY(d.text.contains(QStringLiteral("Тестовый товар")));

        // Only the head was fetched: the total size comes separately.
        const DecodedBody head = BodyDecoder::decode(
            body.left(BodyDecoder::kDisplayLimit), QStringLiteral("application/json"), body.size());
        QVERIFY(head.truncated);
        QCOMPARE(head.format, DecodedBody::Format::Json);
    }

    void truncationInsideAMultibyteCharacterIsNotAnError()
    {
        QByteArray body = QByteArray(BodyDecoder::kDisplayLimit - 1, 'a') + "ж and more";
        const DecodedBody d = BodyDecoder::decode(body, QStringLiteral("text/plain"));
        QCOMPARE(d.format, DecodedBody::Format::Text);
        QVERIFY(d.truncated);
        QVERIFY(!d.invalidUtf8);
        QCOMPARE(d.noteCode, DecodedBody::Note::None);
    }

    void formFieldsAreDecoded()
    {
        const QByteArray body = "lead_id=42&name=%D0%98%D0%B2%D0%B0%D0%BD+%D0%9F.&phone=%2B7%20999"
                                "&empty=&flag&bad=%zz%D0";
        const DecodedBody d =
            BodyDecoder::decode(body, QStringLiteral("application/x-www-form-urlencoded"));
        QCOMPARE(d.format, DecodedBody::Format::Form);
        QCOMPARE(d.fields.size(), 6);
        QCOMPARE(d.fields.at(0), qMakePair(QStringLiteral("lead_id"), QStringLiteral("42")));
        QCOMPARE(d.fields.at(1), qMakePair(QStringLiteral("name"), QStringLiteral("Иван П.")));
        QCOMPARE(d.fields.at(2), qMakePair(QStringLiteral("phone"), QStringLiteral("+7 999")));
        QCOMPARE(d.fields.at(3), qMakePair(QStringLiteral("empty"), QString()));
        QCOMPARE(d.fields.at(4), qMakePair(QStringLiteral("flag"), QString()));
        // A broken escape and a cut UTF-8 sequence are shown, not fatal.
        QCOMPARE(d.fields.at(5).first, QStringLiteral("bad"));
        QVERIFY(d.fields.at(5).second.startsWith(QStringLiteral("%zz")));
        QVERIFY(d.text.contains(QStringLiteral("name = Иван П.")));
    }

    void invalidUtf8TextIsShownSafely()
    {
        const QByteArray body = "Hello \xff\xfe world\x01\x7f tab\tend\r\nnext";
        const DecodedBody d = BodyDecoder::decode(body, QStringLiteral("text/plain"));
        QCOMPARE(d.format, DecodedBody::Format::Text);
        QVERIFY(d.invalidUtf8);
        QCOMPARE(d.noteCode, DecodedBody::Note::InvalidUtf8);
        QVERIFY(d.text.contains(QChar(QChar::ReplacementCharacter)));
        QVERIFY(d.text.contains(QChar(0x2401))); // \x01 as a visible symbol
        QVERIFY(d.text.contains(QChar(0x2421))); // DEL
        QVERIFY(d.text.contains(QStringLiteral("tab\tend\nnext")));
    }

    void binaryBecomesAHexDump()
    {
        QByteArray body;
        for (int i = 0; i < 40; ++i)
            body += char(i * 7);
        const DecodedBody d = BodyDecoder::decode(body, QStringLiteral("application/octet-stream"));
        QCOMPARE(d.format, DecodedBody::Format::Hex);
        QCOMPARE(d.noteCode, DecodedBody::Note::Binary);
        const QStringList lines = d.text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 3);
        QVERIFY2(
            lines.first().startsWith(QStringLiteral("00000000  00 07 0e 15 1c 23 2a 31  38 3f")),
            qPrintable(lines.first()));
        QVERIFY(lines.at(1).startsWith(QStringLiteral("00000010  ")));
        // Declared JSON that is binary is not printed as text either.
        QCOMPARE(BodyDecoder::decode(body, QStringLiteral("application/json")).format,
                 DecodedBody::Format::Hex);
        // A big binary body is cut to the hex limit.
        const DecodedBody big =
            BodyDecoder::decode(QByteArray(1024 * 1024, '\0'), QStringLiteral("image/png"));
        QCOMPARE(big.format, DecodedBody::Format::Hex);
        QVERIFY(big.truncated);
        QCOMPARE(big.decodedBytes, qint64(BodyDecoder::kHexLimit));
    }

    void mailHeadersAreDecoded()
    {
        const QByteArray body = "From: =?UTF-8?B?0JjQstCw0L0=?= <ivan@example.com>\r\n"
                                "Subject: =?UTF-8?Q?=D0=97=D0=B0=D0=BA=D0=B0=D0=B7_42?=\r\n"
                                "\r\n=?UTF-8?B?bm90IGEgaGVhZGVy?=\r\n";
        const DecodedBody d = BodyDecoder::decode(body, QStringLiteral("message/rfc822"));
        QCOMPARE(d.format, DecodedBody::Format::Text);
        QVERIFY2(d.text.contains(QStringLiteral("From: Иван <ivan@example.com>")),
                 qPrintable(d.text));
        QVERIFY2(d.text.contains(QStringLiteral("Subject: Заказ 42")), qPrintable(d.text));
        // The body part is left alone.
        QVERIFY(d.text.contains(QStringLiteral("=?UTF-8?B?bm90IGEgaGVhZGVy?=")));
    }

    void emptyBody()
    {
        const DecodedBody d = BodyDecoder::decode(QByteArray(), QStringLiteral("application/json"));
        QCOMPARE(d.format, DecodedBody::Format::Empty);
        QVERIFY(d.text.isEmpty());
    }

    // Random bytes, and random cuts of valid JSON, never crash whatever the declared type.
    void fuzzNeverCrashes()
    {
        QRandomGenerator rng(42);
        const QByteArray valid =
            "{\"a\":[1,-2.5e3,\"x\\u00e9\",true,false,null,{\"b\":{}}],\"c\":\"\\\\\"}";
        const QStringList types{QStringLiteral("application/json"), QStringLiteral("text/plain"),
                                QStringLiteral("application/x-www-form-urlencoded"),
                                QStringLiteral("application/octet-stream")};
        for (int i = 0; i < 3000; ++i) {
            QByteArray body;
            if (i % 2) {
                body = valid.left(rng.bounded(valid.size() + 1));
                if (!body.isEmpty() && i % 3 == 0)
                    body[rng.bounded(body.size())] = char(rng.bounded(256));
            } else {
                body.resize(rng.bounded(200));
                for (char &c : body)
                    c = char(rng.bounded(256));
            }
            const DecodedBody d = BodyDecoder::decode(body, types.at(i % types.size()),
                                                      body.size() + (i % 5 == 0 ? 10 : 0));
            QVERIFY(d.decodedBytes <= body.size());
        }
    }
};

QTEST_GUILESS_MAIN(TestBodyDecoder)
#include "tst_bodydecoder.moc"
