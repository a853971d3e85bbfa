#pragma once

#include <QCoreApplication>
#include <QString>

class QWidget;

namespace inbox {

// The built-in guide of each screen (F1): what it is for, what each control does, who may do
// what. Short HTML, translated like every other text.
class ScreenGuide final
{
    Q_DECLARE_TR_FUNCTIONS(inbox::ScreenGuide)
public:
    // The guide of `screen` (one of the main window's pages); a general note for anything else.
    static QString html(const QWidget *screen);

    static QString connectGuide();
    static QString overviewGuide();
    static QString journalGuide();
    static QString attentionGuide();
    static QString duplicatesGuide();
    static QString auditGuide();
    static QString reportGuide();
    static QString generalGuide();
};

} // namespace inbox
