// RUN: tfc-opt %s --tfc-frontend --verify-diagnostics | FileCheck %s
// `strict` (the driver's --tfc-strict) turns the race into an error:
// RUN: not tfc-opt %s --tfc-frontend=strict=true 2>&1 | FileCheck %s --check-prefix=STRICT

// The guide's race, through the whole front end: a warning, then sequential
// code that reads `a` before assigning it (c = 3).
// STRICT: error: race on variable 'a'
// STRICT-NOT: warning: race
// CHECK-LABEL: func.func @race
// CHECK-DAG: %[[TWO:.*]] = tfc.constant dense<2>
// CHECK-DAG: %[[FIVE:.*]] = tfc.constant dense<5>
// CHECK-DAG: %[[A:.*]] = tfc.var_handle @a
// CHECK: %[[V:.*]], %{{.*}} = tfc.read %[[A]]
// CHECK-NEXT: %[[N:.*]], %{{.*}} = tfc.assign %[[A]], %[[FIVE]]
// CHECK-NEXT: %[[C:.*]] = tfc.add %[[V]], %[[TWO]]
// CHECK-NEXT: return %[[N]], %[[C]]
tfc.global_variable @a : tensor<i32> init #tfc.constant<dense<1> : tensor<i32>> collections ["GLOBAL_VARIABLES"]
func.func @race() -> (tensor<i32>, tensor<i32>) {
  %r:2 = tfc.graph -> (tensor<i32>, tensor<i32>) {
    %a = tfc.var_handle @a : !tfc.var<tensor<i32>>
    %five = tfc.constant dense<5> : tensor<i32>
    // expected-warning @+1 {{race on variable 'a'}}
    %assign, %assigned = tfc.assign %a, %five : !tfc.var<tensor<i32>>, tensor<i32>
    %b = tfc.constant dense<2> : tensor<i32>
    // expected-note @+1 {{the other access to variable 'a' is here}}
    %av, %read = tfc.read %a : !tfc.var<tensor<i32>>
    %c = tfc.add %av, %b : tensor<i32>, tensor<i32>
    tfc.fetch %assign, %c : tensor<i32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<i32>, tensor<i32>
}
