#pragma once

#include "testdatabase.h"

#include "db/consolecontext.h"
#include "db/serverinfo.h"

#include <QSignalSpy>
#include <QSize>
#include <QString>
#include <QStringList>
#include <QTabWidget>

#include <utility>

class QWidget;

// Connects the console's shared context (and so the screens and models on it) to a test
// database as a given login, and waits on their signals, all with one timeout: a screen's
// first load on this 2-core machine under a parallel ctest takes seconds, never this long.
class ConsoleHarness final
{
public:
    static constexpr int kTimeoutMs = 20000;

    explicit ConsoleHarness(const TestDatabase &db) : m_db(db) {}

    // What a login says of itself without asking the server: "postgres" is the superuser.
    static inbox::ServerInfo assumedInfo(const QString &user, const QStringList &roles = {});

    // `context` connected as `user` with assumedInfo(user, roles).
    void connectAs(inbox::ConsoleContext &context, const QString &user,
                   const QStringList &roles = {}) const;
    void connectAs(inbox::ConsoleContext &context, const QString &user,
                   const inbox::ServerInfo &info) const;
    // `context` connected as `user` with what the server reports (as the Connect screen does).
    bool connectReading(inbox::ConsoleContext &context, const QString &user, QString *error) const;

    // Shows a screen at `size` and waits until it is exposed, or active with `activate`.
    static bool show(QWidget *screen, QSize size, bool activate = false);
    // Shows `screen` (a page or the main window) at `size`, active, then connects `context` as
    // `user` with what the server reports (connectReading); false if either fails.
    bool showReading(QWidget *screen, inbox::ConsoleContext &context, const QString &user,
                     QSize size = QSize(1280, 720)) const;

    // `window`'s tab that holds its `Page`, made the current tab; nullptr when it has none.
    template<typename Page> static Page *currentTab(QWidget *window)
    {
        auto *page = window->findChild<Page *>();
        if (page)
            window->findChild<QTabWidget *>()->setCurrentWidget(page);
        return page;
    }

    // Runs `action` and waits until `sender` emits `signal` after it.
    template<typename Sender, typename Signal, typename Action>
    static bool emitsAfter(const Sender *sender, Signal signal, Action &&action)
    {
        QSignalSpy spy(sender, signal);
        action();
        return spy.wait(kTimeoutMs);
    }

    // Runs `action` and waits until `model` (any model with a `loaded` signal) has read again.
    template<typename Model, typename Action> static bool loads(const Model *model, Action &&action)
    {
        return emitsAfter(model, &Model::loaded, std::forward<Action>(action));
    }

    // `context` connected as `user` with assumedInfo(user, roles), waiting until `model`, which
    // lives on it, has read its first page.
    template<typename Model>
    bool connectLoaded(inbox::ConsoleContext &context, const Model *model,
                       const QString &user = QStringLiteral("postgres"),
                       const QStringList &roles = {}) const
    {
        return loads(model, [&] { connectAs(context, user, roles); });
    }

private:
    const TestDatabase &m_db;
};
