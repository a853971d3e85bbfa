#include "senderload.h"

#include "httpclient.h"

#include <QElapsedTimer>
#include <QThread>

SenderLoad::SenderLoad(int port, const QByteArray &path, int clients)
{
    for (int c = 0; c < clients; ++c) {
        m_threads.emplace_back([this, port, path, c] {
            for (int n = 0; !m_stop.load(); ++n) {
                const QByteArray key = "c" + QByteArray::number(c) + "-" + QByteArray::number(n);
                const QByteArray body = "{\"id\":\"" + key + "\",\"n\":" + QByteArray::number(n) +
                                        ",\"pad\":\"" + QByteArray(n % 50, 'x') + "\"}";
                const HttpReply reply =
                    HttpClient::exchange(port, HttpClient::post(path, body), 15000);
                {
                    std::lock_guard lock(m_ledger.mutex);
                    if (reply.status == 200)
                        m_ledger.answered200.insert(key, body);
                    else if (reply.status != 0)
                        ++m_ledger.other;
                    else
                        ++m_ledger.unanswered;
                }
                if (reply.status != 200)
                    QThread::msleep(5); // refused, or the port is closed: do not spin
            }
        });
    }
}

bool SenderLoad::waitAnswered(int count, int timeoutMs)
{
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < timeoutMs) {
        if (m_ledger.answeredCount() >= count)
            return true;
        QThread::msleep(10);
    }
    return false;
}

void SenderLoad::stop()
{
    m_stop.store(true);
    for (std::thread &t : m_threads)
        t.join();
    m_threads.clear();
}
