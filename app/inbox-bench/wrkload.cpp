#include "wrkload.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryFile>

#include <algorithm>
#include <cstdio>

namespace bench {

namespace {

// The body is Deliveries::body's text: the same ~300 bytes the direct accepts store.
const char *const kScript = R"LUA(
local tag = "@TAG@"
local path = "@PATH@"
local repeat_rate = @RATE@
local headers = { ["Content-Type"] = "application/json" }
local threads = {}
local next_n = 0
local sent = {}

function setup(thread)
   thread:set("tid", #threads)
   table.insert(threads, thread)
end

function init(args)
   math.randomseed(os.time() * 1000 + tid * 7919)
end

local function body(id)
   return '{"id":"' .. id .. '","type":"lead","name":"Ivan Petrov",' ..
      '"phone":"+7 916 123-45-67","email":"ivan@example.ru",' ..
      '"comment":"Please call me back about the order, any time ' ..
      'after six in the evening."}'
end

function request()
   local n
   if #sent > 0 and math.random() < repeat_rate then
      n = sent[math.random(#sent)]
   else
      n = next_n
      next_n = next_n + 1
      if #sent < 1000 then
         sent[#sent + 1] = n
      else
         sent[(n % 1000) + 1] = n
      end
   end
   return wrk.format("POST", path, headers, body(tag .. "-" .. tid .. "-" .. n))
end

function done(summary, latency, requests)
   local e = summary.errors
   io.write(string.format(
      '{"duration_us":%d,"requests":%d,"status":%d,"connect":%d,"read":%d,"write":%d,' ..
      '"timeout":%d,"p50_us":%d,"p99_us":%d,"mean_us":%.1f,"max_us":%d}\n',
      summary.duration, summary.requests, e.status, e.connect, e.read, e.write, e.timeout,
      latency:percentile(50), latency:percentile(99), latency.mean, latency.max))
end
)LUA";

} // namespace

WrkLoad::WrkLoad(const QString &binary) : m_binary(binary) {}

QString WrkLoad::find()
{
    return QStandardPaths::findExecutable(QStringLiteral("wrk"));
}

bool WrkLoad::run(quint16 port, const QString &path, const QString &tag, double repeatRate,
                  int connections, int seconds, WrkResult *result, QString *error) const
{
    QTemporaryFile script(QStringLiteral("%1/inbox-bench-wrk-XXXXXX.lua")
                              .arg(QStandardPaths::writableLocation(QStandardPaths::TempLocation)));
    if (!script.open()) {
        *error = QStringLiteral("cannot write the wrk script");
        return false;
    }
    QByteArray text(kScript);
    text.replace("@TAG@", tag.toUtf8());
    text.replace("@PATH@", path.toUtf8());
    text.replace("@RATE@", QByteArray::number(repeatRate, 'f', 4));
    script.write(text);
    script.flush();
    // Two threads (one per core of the machine the figures are for), never more than the
    // connections.
    const int threads = std::min(2, connections);
    QProcess p;
    p.setProcessChannelMode(QProcess::SeparateChannels);
    p.start(m_binary, {QStringLiteral("-t%1").arg(threads), QStringLiteral("-c%1").arg(connections),
                       QStringLiteral("-d%1s").arg(seconds), QStringLiteral("--timeout"),
                       QStringLiteral("10s"), QStringLiteral("-s"), script.fileName(),
                       QStringLiteral("http://127.0.0.1:%1%2").arg(port).arg(path)});
    if (!p.waitForFinished((seconds + 60) * 1000)) {
        p.kill();
        p.waitForFinished(5000);
        *error = QStringLiteral("wrk did not finish");
        return false;
    }
    const QByteArray out = p.readAllStandardOutput();
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        *error = QStringLiteral("wrk failed (exit %1): %2")
                     .arg(p.exitCode())
                     .arg(QString::fromUtf8(p.readAllStandardError() + out).right(1000));
        return false;
    }
    QJsonObject o;
    for (const QByteArray &line : out.split('\n')) {
        if (line.startsWith('{'))
            o = QJsonDocument::fromJson(line).object();
    }
    if (o.isEmpty()) {
        *error = QStringLiteral("wrk printed no summary: %1").arg(QString::fromUtf8(out));
        return false;
    }
    const auto num = [&o](const char *key) {
        return o.value(QLatin1String(key)).toDouble();
    };
    result->seconds = num("duration_us") / 1e6;
    result->requests = qint64(num("requests"));
    result->non2xx = qint64(num("status"));
    result->socketErrors = qint64(num("connect") + num("read") + num("write") + num("timeout"));
    result->p50Ms = num("p50_us") / 1000.0;
    result->p99Ms = num("p99_us") / 1000.0;
    result->meanMs = num("mean_us") / 1000.0;
    result->maxMs = num("max_us") / 1000.0;
    return true;
}

} // namespace bench
