// RUN: tfc-opt %s --split-input-file --canonicalize | FileCheck %s

// Groups flatten, drop repeated tokens and tokens that order nothing, and a
// group of one token is that token; a no_op with tokens is a group. (The
// prints keep the tokens alive: a graph of pure ops with no result is dead.)
// CHECK-LABEL: func.func @groups
// CHECK-SAME: (%[[X:.*]]: tensor<f32>, %[[T0:.*]]: !tfc.control, %[[T1:.*]]: !tfc.control, %[[T2:.*]]: !tfc.control)
// CHECK: %[[G:.*]] = tfc.group %[[T0]], %[[T1]], %[[T2]]{{$}}
// CHECK: %[[E:.*]] = tfc.no_op{{$}}
// CHECK: tfc.print %[[X]] after(%[[G]], %[[T1]], %[[T2]], %[[E]])
// CHECK-NOT: tfc.group
// CHECK: %[[E2:.*]] = tfc.no_op{{$}}
// CHECK: tfc.print %[[X]] after(%[[E2]])
func.func @groups(%x: tensor<f32>, %t0: !tfc.control, %t1: !tfc.control, %t2: !tfc.control) {
  tfc.graph {
    %inner = tfc.group %t0, %t1, %t0
    %outer = tfc.group %inner, %t2, %t1
    %single = tfc.group %t1
    %n = tfc.no_op after(%t2)
    %e = tfc.no_op
    %o, %p = tfc.print %x after(%outer, %single, %n, %e) : tensor<f32>
    %empty = tfc.group %e, %e
    %o2, %p2 = tfc.print %x after(%empty) : tensor<f32>
    tfc.fetch targets(%p, %p2)
  }
  return
}

// -----

// Assertions known to hold disappear but keep the order they imposed: what
// waited for them now waits for their own `after` tokens.
// CHECK-LABEL: func.func @true_assertions
// CHECK-SAME: (%[[X:.*]]: tensor<2xf32>, %[[U:.*]]: tensor<*xf32>, %[[T:.*]]: !tfc.control)
// CHECK-NOT: tfc.assert_rank %[[X]]
// CHECK: %[[CU:.*]] = tfc.assert_rank %[[U]] rank 1
// CHECK: %[[CV:.*]] = tfc.assert_positive %{{.*}} : tensor<2xi32>
// CHECK: %[[CF:.*]] = tfc.assert %{{.*}} : tensor<i1>
// CHECK: %[[N:.*]] = tfc.no_op{{$}}
// CHECK: tfc.fetch targets(%[[T]], %[[CU]], %[[CV]], %[[CF]], %[[N]])
func.func @true_assertions(%x: tensor<2xf32>, %u: tensor<*xf32>, %t: !tfc.control) {
  tfc.graph {
    %rank_ok = tfc.assert_rank %x rank 1 after(%t) : tensor<2xf32>
    %rank_unknown = tfc.assert_rank %u rank 1 : tensor<*xf32>
    %pos = tfc.constant dense<[1, 2]> : tensor<2xi32>
    %pos_ok = tfc.assert_positive %pos : tensor<2xi32>
    %notpos = tfc.constant dense<[1, 0]> : tensor<2xi32>
    %pos_bad = tfc.assert_positive %notpos : tensor<2xi32>
    %true = tfc.constant dense<true> : tensor<i1>
    %cond_ok = tfc.assert %true, [%x] : tensor<i1>, [tensor<2xf32>]
    %false = tfc.constant dense<false> : tensor<i1>
    %cond_bad = tfc.assert %false : tensor<i1>
    %all = tfc.group %pos_ok, %cond_ok
    tfc.fetch targets(%rank_ok, %rank_unknown, %pos_bad, %cond_bad, %all)
  }
  return
}
