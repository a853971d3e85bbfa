#pragma once

#include "bodies.h"
#include "extract.h"
#include "history.h"
#include "people.h"

#include <QByteArray>
#include <QDateTime>
#include <QString>
#include <QVector>

namespace inbox::sim {

class Rng;

// One event of a past (history.h), composed phase by phase in the order Past::chunk calls
// them: each phase reads what the earlier ones decided. The random draws happen in a fixed
// order, so a seed gives the same rows again.
class PastEvent final
{
public:
    PastEvent(const PastConfig &config, qint64 g, qint64 receivedAt, Rng &rng);

    void drawSource(const QVector<double> &sourceCuts);
    void tellStory();
    void choosePerson();
    void composeBody();
    void planTimeline();
    void planRepeats();
    void readBody();
    void takeIds(Past &past);
    void writeEvent(PastChunk &c) const;
    void writeJournal(Past &past, PastChunk &c);
    void writeAction(PastChunk &c) const;
    void writeLead(PastChunk &c) const;
    void writeConflict(PastChunk &c) const;
    void count(PastChunk &c) const;

private:
    // What the functions would have lived through.
    enum Story { Due, Waiting, Stuck, Exhausted, Retried, Invalid, InvalidRequeued, Done };

    qint64 claimAt(int k) const; // the k-th claim (microseconds)
    bool invalid() const { return m_story == Invalid || m_story == InvalidRequeued; }
    QByteArray resultJson() const;

    const PastConfig &m_config;
    Rng &m_rng;
    const qint64 m_g, m_id, m_u, m_t0;
    const double m_age;

    int m_si = 0;
    QString m_src;
    SourceId m_sid = SourceId::WebForm;
    double m_rStory = 0, m_rPerson = 0, m_rVar = 0, m_rMisc = 0, m_rRep = 0, m_rJit = 0, m_rE = 0,
           m_rE2 = 0;
    bool m_orders = false, m_forms = false;
    Story m_story = Done;
    bool m_leadSource = false;
    QString m_act;

    Person m_person;
    QDateTime m_at0;
    bool m_unknownOffer = false;
    Message m_message;
    QString m_key, m_fp;

    double m_lag = 0, m_jit = 0;
    int m_fails = 0;
    bool m_finalFail = false, m_requeued = false, m_success = false;
    qint64 m_failAt = 0, m_rq = 0, m_tSucc = 0, m_doneAt = 0;
    int m_attSucc = 0;
    bool m_hasAction = false;
    int m_begun = 0;
    QString m_worker;

    double m_repGap = 0;
    int m_repeats = 0;
    bool m_conflict = false;
    int m_deliveries = 1;
    qint64 m_lastAt = 0;

    Extracted m_x;
    QString m_err;

    qint64 m_actionId = 0, m_leadId = 0, m_conflictId = 0;
    QString m_entity, m_leadPhone, m_leadEmail, m_phoneNorm, m_emailNorm;
    bool m_review = false;
    const char *m_status = "done";

    Message m_other;
    QString m_fp2;
};

} // namespace inbox::sim
