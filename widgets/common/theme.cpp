#include "common/theme.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>
#include <QVariant>
#include <QWidget>

namespace inbox {

namespace {

const char *const kLookProperty = "inboxLook";
const char *const kLookExtraProperty = "inboxLookExtra";

// The system's own look, taken before the first change so that "System" can go back to it.
struct SystemLook
{
    bool taken = false;
    QString style;
    QPalette palette;
};

SystemLook &systemLook()
{
    static SystemLook look;
    if (!look.taken && qApp) {
        look.style = QApplication::style()->name();
        look.palette = QApplication::palette();
        look.taken = true;
    }
    return look;
}

Theme::Mode g_mode = Theme::Mode::System;

bool isDarkPalette(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

void useStyle(const QString &name)
{
    if (QApplication::style()->name().compare(name, Qt::CaseInsensitive) == 0)
        return;
    if (QStyle *style = QStyleFactory::create(name))
        QApplication::setStyle(style);
}

QString css(const QColor &c)
{
    // rgba() keeps the alpha of tints.
    return QStringLiteral("rgba(%1, %2, %3, %4)")
        .arg(c.red())
        .arg(c.green())
        .arg(c.blue())
        .arg(c.alphaF(), 0, 'f', 2);
}

void refreshLooks()
{
    for (QWidget *w : QApplication::allWidgets()) {
        const QVariant look = w->property(kLookProperty);
        if (look.isValid())
            w->setStyleSheet(Theme::styleSheet(Theme::Look(look.toInt()),
                                               w->property(kLookExtraProperty).toString()));
    }
}

} // namespace

QString Theme::modeName(Mode mode)
{
    switch (mode) {
    case Mode::Light:
        return QStringLiteral("light");
    case Mode::Dark:
        return QStringLiteral("dark");
    case Mode::System:
        break;
    }
    return QStringLiteral("system");
}

Theme::Mode Theme::modeFromName(const QString &name)
{
    if (name == QLatin1String("light"))
        return Mode::Light;
    if (name == QLatin1String("dark"))
        return Mode::Dark;
    return Mode::System;
}

QPalette Theme::darkPalette()
{
    const QColor window(0x2b, 0x2b, 0x2d);
    const QColor base(0x1e, 0x1e, 0x20);
    const QColor text(0xe8, 0xe8, 0xe8);
    const QColor disabledText(0x80, 0x80, 0x84);
    QPalette p;
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x27, 0x27, 0x2a));
    p.setColor(QPalette::ToolTipBase, QColor(0x3c, 0x3c, 0x40));
    p.setColor(QPalette::ToolTipText, QColor(0xf2, 0xf2, 0xf2));
    p.setColor(QPalette::PlaceholderText, QColor(0x96, 0x96, 0x9a));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x38, 0x38, 0x3b));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x8a, 0x80));
    // Fusion draws frames and bevels from these.
    p.setColor(QPalette::Light, QColor(0x50, 0x50, 0x54));
    p.setColor(QPalette::Midlight, QColor(0x44, 0x44, 0x48));
    p.setColor(QPalette::Mid, QColor(0x30, 0x30, 0x33));
    p.setColor(QPalette::Dark, QColor(0x1a, 0x1a, 0x1c));
    p.setColor(QPalette::Shadow, QColor(0x0c, 0x0c, 0x0d));
    p.setColor(QPalette::Highlight, QColor(0x2d, 0x6c, 0xb5));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x7c, 0xb8, 0xff));
    p.setColor(QPalette::LinkVisited, QColor(0xc3, 0x9b, 0xff));

    p.setColor(QPalette::Disabled, QPalette::WindowText, disabledText);
    p.setColor(QPalette::Disabled, QPalette::Text, disabledText);
    p.setColor(QPalette::Disabled, QPalette::ButtonText, disabledText);
    p.setColor(QPalette::Disabled, QPalette::Base, window);
    p.setColor(QPalette::Disabled, QPalette::Button, QColor(0x30, 0x30, 0x33));
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x4a, 0x4a, 0x4e));
    p.setColor(QPalette::Disabled, QPalette::HighlightedText, QColor(0xa8, 0xa8, 0xac));
    p.setColor(QPalette::Disabled, QPalette::PlaceholderText, QColor(0x60, 0x60, 0x64));
    p.setColor(QPalette::Disabled, QPalette::Link, QColor(0x5a, 0x7a, 0xa0));
    p.setColor(QPalette::Disabled, QPalette::BrightText, QColor(0xa0, 0x60, 0x5a));
    // An inactive window keeps its selection visible.
    p.setColor(QPalette::Inactive, QPalette::Highlight, QColor(0x2a, 0x4f, 0x7a));
    return p;
}

void Theme::apply(Mode mode)
{
    const SystemLook &system = systemLook();
    const bool systemDark = isDarkPalette(system.palette);
    g_mode = mode;
    if (mode == Mode::System || (mode == Mode::Dark) == systemDark) {
        useStyle(system.style);
        QApplication::setPalette(system.palette);
    } else if (mode == Mode::Dark) {
        useStyle(QStringLiteral("Fusion"));
        QApplication::setPalette(darkPalette());
    } else {
        useStyle(QStringLiteral("Fusion"));
        QApplication::setPalette(QApplication::style()->standardPalette());
    }
    refreshLooks();
}

Theme::Mode Theme::mode()
{
    return g_mode;
}

bool Theme::isDark()
{
    return isDarkPalette(QApplication::palette());
}

bool Theme::systemIsDark()
{
    return isDarkPalette(systemLook().palette);
}

QColor Theme::color(Color color)
{
    const bool dark = isDark();
    switch (color) {
    // Mid-tone status colours, the same in both themes, readable on either base.
    case Color::StatusReceived:
        return QColor(0x1e, 0x88, 0xe5);
    case Color::StatusProcessing:
        return QColor(0xf5, 0x9e, 0x0b);
    case Color::StatusDone:
        return QColor(0x2e, 0x9d, 0x4f);
    case Color::StatusFailed:
        return QColor(0xe5, 0x39, 0x35);
    case Color::StatusOther:
        return QColor(0x80, 0x80, 0x80);
    case Color::OnStatus:
        return Qt::white;
    case Color::AlertText:
        return dark ? QColor(0xff, 0x8a, 0x80) : QColor(0xb3, 0x26, 0x1e);
    case Color::WarningText:
        return dark ? QColor(0xff, 0xc1, 0x6b) : QColor(0x9a, 0x4f, 0x00);
    case Color::ProblemBackground:
        return dark ? QColor(0x9b, 0x22, 0x1b) : QColor(0xb3, 0x26, 0x1e);
    case Color::OnProblem:
        return Qt::white;
    case Color::NoticeBackground:
        return dark ? QColor(0x4a, 0x3a, 0x08) : QColor(0xff, 0xe0, 0x8a);
    case Color::OnNotice:
        return dark ? QColor(0xff, 0xe6, 0x9c) : QColor(0x3d, 0x28, 0x00);
    case Color::NoticeBorder:
        return dark ? QColor(0xc9, 0x9a, 0x10) : QColor(0xe0, 0xa8, 0x00);
    case Color::DecidedBackground:
        return dark ? QColor(0x7a, 0x50, 0x00) : QColor(0x8a, 0x5a, 0x00);
    case Color::OnDecided:
        return Qt::white;
    case Color::MatchBackground:
        return dark ? QColor(63, 185, 80, 82) : QColor(46, 160, 67, 56);
    case Color::BoxBorder:
        // The palette's Mid is close to the dark window colour: a lighter grey there.
        return dark ? QColor(0x5c, 0x5c, 0x61) : QApplication::palette().color(QPalette::Mid);
    // Chart series keep their hue in both themes, like the statuses.
    case Color::ChartNew:
        return QColor(0x4e, 0x79, 0xa7);
    case Color::ChartRepeats:
        return QColor(0xf2, 0x8e, 0x2b);
    case Color::ChartConflicts:
    case Color::ChartFailed:
        return QColor(0xe1, 0x57, 0x59);
    case Color::ChartDone:
        return QColor(0x59, 0xa1, 0x4f);
    case Color::ChartShare:
        return dark ? QColor(0xd0, 0x9c, 0xf0) : QColor(0x7b, 0x3f, 0xa0);
    }
    return QColor();
}

QColor Theme::statusColor(const QString &status)
{
    if (status == QLatin1String("received"))
        return color(Color::StatusReceived);
    if (status == QLatin1String("processing"))
        return color(Color::StatusProcessing);
    if (status == QLatin1String("done"))
        return color(Color::StatusDone);
    if (status == QLatin1String("failed"))
        return color(Color::StatusFailed);
    return color(Color::StatusOther);
}

QString Theme::styleSheet(Look look, const QString &extra)
{
    QString rules;
    switch (look) {
    case Look::Plain:
        break;
    case Look::ProblemBanner:
        rules = QStringLiteral("color: %1; background: %2;")
                    .arg(css(color(Color::OnProblem)), css(color(Color::ProblemBackground)));
        break;
    case Look::NoticeBanner:
        rules = QStringLiteral("color: %1; background: %2; border: 1px solid %3;")
                    .arg(css(color(Color::OnNotice)), css(color(Color::NoticeBackground)),
                         css(color(Color::NoticeBorder)));
        break;
    case Look::DecidedBanner:
        rules = QStringLiteral("color: %1; background: %2;")
                    .arg(css(color(Color::OnDecided)), css(color(Color::DecidedBackground)));
        break;
    case Look::AlertText:
        rules = QStringLiteral("color: %1;").arg(css(color(Color::AlertText)));
        break;
    case Look::WarningText:
        rules = QStringLiteral("color: %1;").arg(css(color(Color::WarningText)));
        break;
    case Look::Match:
        rules = QStringLiteral("background: %1;").arg(css(color(Color::MatchBackground)));
        break;
    case Look::Box:
        // The colours of the palette in use now, written out: a style sheet's palette(...) would
        // keep the colours of the theme the widget was polished in.
        rules = QStringLiteral("color: %1; border: 1px solid %2; border-radius: 4px;")
                    .arg(css(QApplication::palette().color(QPalette::WindowText)),
                         css(color(Color::BoxBorder)));
        break;
    }
    if (!extra.isEmpty())
        rules += QLatin1Char(' ') + extra;
    return rules;
}

void Theme::setLook(QWidget *widget, Look look, const QString &extra)
{
    widget->setProperty(kLookProperty, int(look));
    widget->setProperty(kLookExtraProperty, extra);
    widget->setStyleSheet(styleSheet(look, extra));
}

} // namespace inbox
