#pragma once
// makeAdapter is declared with the seam (polladapter.h); this header lets a test say what it
// uses.
#include "polladapter.h"
