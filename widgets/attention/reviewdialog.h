#pragma once

#include "attention/reviewresolution.h"

#include <QDialog>
#include <QVector>

#include <optional>

class QButtonGroup;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;

namespace inbox {

class ConsoleContext;
class ReviewResolver;

// "Resolve review" for chosen events with needs_review set (inbox.resolve_review): three
// resolutions, each with what it does; the two for key conflicts enabled only when every
// chosen event is one; a note, required for "handled by hand". After the answer it says what
// happened (counted per outcome) and emits applied() so the page re-reads; Cancel becomes
// Close. Opened with open().
class ReviewDialog final : public QDialog
{
    Q_OBJECT
public:
    struct Target
    {
        QVector<qint64> ids;
        QStringList reasons;       // their needs_review, in the same order
        QString description;       // "2 selected events", "the 3 events shown"
        bool allConflicts() const; // every reason is "key conflict"
    };

    ReviewDialog(ConsoleContext *context, const Target &target, QWidget *parent = nullptr);
    ~ReviewDialog() override;

    ReviewResolver *resolver() const { return m_resolver; }
    QRadioButton *choice(ReviewResolution resolution) const;
    std::optional<ReviewResolution> chosen() const;
    QString resultText() const;

signals:
    void applied(); // the database answered: something may have changed

private:
    void updateResolve();
    void onFinished();

    ConsoleContext *m_context;
    Target m_target;
    ReviewResolver *m_resolver;
    QButtonGroup *m_choices;
    QLineEdit *m_note;
    QLabel *m_noteHint;
    QPushButton *m_resolve;
    QPushButton *m_cancel;
    QLabel *m_result;
};

} // namespace inbox
