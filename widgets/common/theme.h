#pragma once

#include <QColor>
#include <QPalette>
#include <QString>

class QWidget;

namespace inbox {

// Light and dark: the system's look by default, or forced. Dark is Fusion with a complete dark
// palette. Colours that carry meaning (statuses, alerts, banners) come from here so that they
// stay readable in both; status colours are the same in both themes, and a status is always
// also told by its text and shape.
namespace Theme {

enum class Mode { System, Light, Dark };

// "system", "light", "dark" (the values stored in QSettings "ui/theme"); unknown: System.
QString modeName(Mode mode);
Mode modeFromName(const QString &name);

// Switches the whole application at once, live; widgets styled with setLook() follow.
void apply(Mode mode);
// The mode last applied (System before any apply()).
Mode mode();
// Whether the palette in use is a dark one.
bool isDark();
// Whether the system's own look (Qt's default palette) is dark.
bool systemIsDark();
QPalette darkPalette();

enum class Color {
    StatusReceived,
    StatusProcessing,
    StatusDone,
    StatusFailed,
    StatusOther,
    OnStatus,          // a tick or cross drawn on a filled status colour
    AlertText,         // red text on the window or base colour
    WarningText,       // amber text on the window or base colour
    ProblemBackground, // a banner that says something went wrong
    OnProblem,
    NoticeBackground, // a banner that asks for attention
    OnNotice,
    NoticeBorder,
    DecidedBackground, // someone else decided already
    OnDecided,
    MatchBackground, // fields that matched, behind bold text
    BoxBorder,       // the frame of an explanation box on the window colour
    ChartNew,
    ChartRepeats,
    ChartConflicts,
    ChartDone,
    ChartFailed,
    ChartShare,
};
QColor color(Color color);
QColor statusColor(const QString &status);

// Style sheets built from the colours above.
enum class Look {
    Plain,         // none: the palette's colours
    ProblemBanner, // white on red
    NoticeBanner,  // dark on yellow
    DecidedBanner, // white on brown
    AlertText,     // red text
    WarningText,   // amber text
    Match,         // tinted background
    Box,           // framed text in the palette's window text colour (explanations)
};
QString styleSheet(Look look, const QString &extra = QString());
// Sets the widget's style sheet for `look` (plus `extra` rules, e.g. padding) and keeps it in
// step with later theme changes.
void setLook(QWidget *widget, Look look, const QString &extra = QString());

} // namespace Theme

} // namespace inbox
