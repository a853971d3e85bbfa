#pragma once
// inbox-sim --crm-export FILE: a month of leads as Bitrix24 exports them (CSV, ';', UTF-8 with
// a BOM, Russian headers), from before an inbox existed, for the Report's baseline
// (inbox-console report import) in the demo and the tests. Its duplicates are the seeds':
// the same lead exported twice by a double import (same ID), a customer who wrote on the site
// and again in Telegram minutes later (same phone, written another way), the same e-mail in
// another case; and regular customers who order again weeks later, which are not duplicates.
// Deterministic for a seed. 0 when written, 2 when the file cannot be written.

#include <QString>

namespace inbox::sim {

struct CrmExportSettings
{
    QString file;
    int days = 30;    // ending yesterday (UTC)
    int perDay = 200; // leads a day, duplicates included
    double duplicateShare = 0.04;
    quint64 seed = 1;
};

int writeCrmExport(const CrmExportSettings &settings);

} // namespace inbox::sim
