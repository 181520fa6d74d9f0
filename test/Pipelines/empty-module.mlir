// A file with no operation in it (an empty or comment-only module) goes
// through every pipeline and compiles to a library without entry points.
// Before, tfc-plan-initialization created tfc.initializer_plan without the
// tfc dialect loaded (no op had loaded it) and aborted.
// RUN: tfc-opt %s --tfc-frontend | FileCheck %s
// RUN: tfc-opt %s --tfc-cpu-pipeline | FileCheck %s
// RUN: tfc compile %s -o %t.so
// RUN: tfc inspect %t.so | FileCheck %s --check-prefix=LIBRARY
// CHECK: tfc.initializer_plan "GLOBAL_VARIABLES" []
// CHECK: tfc.initializer_plan "LOCAL_VARIABLES" []
// LIBRARY: entry points:
// LIBRARY-EMPTY:
// LIBRARY-NEXT: variables:
