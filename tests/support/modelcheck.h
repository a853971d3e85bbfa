#pragma once

#include <QAbstractItemModelTester>

// QAbstractItemModelTester as every model test keeps one beside its model for the whole test
// function: a broken model rule fails the test through QtTest.
class ModelCheck final : public QAbstractItemModelTester
{
public:
    explicit ModelCheck(QAbstractItemModel *model)
        : QAbstractItemModelTester(model, FailureReportingMode::QtTest)
    {}
};
