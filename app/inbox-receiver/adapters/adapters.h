#pragma once
// The adapters behind extract() and checkRules(), one pair of functions per adapter. Each
// extract function reads only the request and the rules; each check function lists what the
// rules lack for that adapter, in the configuration file's words.

#include "request.h"

namespace receiver::adapters {

Extraction extractJson(const SourceRules &rules, const HttpRequest &request);
QStringList checkJson(const SourceRules &rules);
Extraction extractTelegram(const SourceRules &rules, const HttpRequest &request);
QStringList checkTelegram(const SourceRules &rules);
Extraction extractStripe(const SourceRules &rules, const HttpRequest &request);
QStringList checkStripe(const SourceRules &rules);
Extraction extractStandardWebhooks(const SourceRules &rules, const HttpRequest &request);
QStringList checkStandardWebhooks(const SourceRules &rules);
Extraction extractBitrix24(const SourceRules &rules, const HttpRequest &request);
QStringList checkBitrix24(const SourceRules &rules);
Extraction extractAmocrm(const SourceRules &rules, const HttpRequest &request);
QStringList checkAmocrm(const SourceRules &rules);
Extraction extractYookassa(const SourceRules &rules, const HttpRequest &request);
QStringList checkYookassa(const SourceRules &rules);
Extraction extractForm(const SourceRules &rules, const HttpRequest &request);
QStringList checkForm(const SourceRules &rules);

} // namespace receiver::adapters
