#pragma once
// The Needs attention screen's requeue dialog, for its widget tests.

#include "consoleharness.h"

#include "attention/attentionpage.h"
#include "attention/requeuedialog.h"
#include "attention/requeuer.h"

#include <QSignalSpy>

namespace attentionfix {

// The page's open requeue dialog once its preview is ready (waited for up to the harness's
// timeout), or nullptr when no dialog is open.
inline inbox::RequeueDialog *previewedDialog(inbox::AttentionPage *page)
{
    inbox::RequeueDialog *d = page->dialog();
    if (!d)
        return nullptr;
    if (d->requeuer()->state() != inbox::Requeuer::State::Ready) {
        QSignalSpy ready(d->requeuer(), &inbox::Requeuer::previewReady);
        ready.wait(ConsoleHarness::kTimeoutMs);
    }
    return d;
}

} // namespace attentionfix
