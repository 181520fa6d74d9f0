// RUN: tfc-opt %s --split-input-file | FileCheck %s
// Round trip through the generic form as well:
// RUN: tfc-opt %s --split-input-file --mlir-print-op-generic | tfc-opt --split-input-file | FileCheck %s

// `a = tf.Print(a, [a, b]); c = a + b`: the print runs because its output
// is used.
// CHECK-LABEL: func.func @print
// CHECK-SAME: (%[[A:.*]]: tensor<2xf32>, %[[B:.*]]: tensor<f32>, %[[T:.*]]: !tfc.control)
// CHECK: %[[P:.*]], %[[PT:.*]] = tfc.print %[[A]], [%[[A]], %[[B]]] message "a and b: " : tensor<2xf32>, [tensor<2xf32>, tensor<f32>]
// CHECK: tfc.add %[[P]], %[[B]]
// CHECK: tfc.print %[[B]] after(%[[T]]) : tensor<f32>{{$}}
// CHECK: tfc.print %[[A]] {first_n = 3 : i64, summarize = 10 : i64} : tensor<2xf32>{{$}}
func.func @print(%a: tensor<2xf32>, %b: tensor<f32>, %t: !tfc.control) -> tensor<2xf32> {
  %r = tfc.graph -> (tensor<2xf32>) {
    %a2, %printed = tfc.print %a, [%a, %b] message "a and b: " : tensor<2xf32>, [tensor<2xf32>, tensor<f32>]
    %c = tfc.add %a2, %b : tensor<2xf32>, tensor<f32>
    %b2, %t2 = tfc.print %b after(%t) : tensor<f32>
    %a3, %t3 = tfc.print %a {first_n = 3 : i64, summarize = 10 : i64} : tensor<2xf32>
    tfc.fetch %c : tensor<2xf32> targets(%t2, %t3)
  }
  return %r : tensor<2xf32>
}

// -----

// The guide's assertions, made to run by control dependencies.
// CHECK-LABEL: func.func @asserts
// CHECK-SAME: (%[[A:.*]]: tensor<2x1xf32>, %[[B:.*]]: tensor<2xf32>, %[[U:.*]]: tensor<*xf32>, %[[P:.*]]: tensor<i1>)
// CHECK: %[[CA:.*]] = tfc.assert_rank %[[A]] rank 2 : tensor<2x1xf32>
// CHECK: %[[CU:.*]] = tfc.assert_rank %[[U]] rank 1 message "u must be a vector" : tensor<*xf32>
// CHECK: %[[CB:.*]] = tfc.assert_positive %[[B]] after(%[[CA]]) : tensor<2xf32>
// CHECK: %[[CP:.*]] = tfc.assert %[[P]], [%[[A]], %[[B]]] message "p failed" after(%[[CA]], %[[CB]]) : tensor<i1>, [tensor<2x1xf32>, tensor<2xf32>]
// CHECK: %[[CQ:.*]] = tfc.assert %[[P]] : tensor<i1>{{$}}
// CHECK: tfc.control_dependencies(%[[CA]], %[[CB]], %[[CU]], %[[CP]], %[[CQ]])
func.func @asserts(%a: tensor<2x1xf32>, %b: tensor<2xf32>, %u: tensor<*xf32>,
                   %p: tensor<i1>) -> tensor<2x2xf32> {
  %r = tfc.graph -> (tensor<2x2xf32>) {
    %check_a = tfc.assert_rank %a rank 2 : tensor<2x1xf32>
    %check_u = tfc.assert_rank %u rank 1 message "u must be a vector" : tensor<*xf32>
    %check_b = tfc.assert_positive %b after(%check_a) : tensor<2xf32>
    %check_p = tfc.assert %p, [%a, %b] message "p failed" after(%check_a, %check_b) : tensor<i1>, [tensor<2x1xf32>, tensor<2xf32>]
    %check_q = tfc.assert %p : tensor<i1>
    %c = tfc.control_dependencies(%check_a, %check_b, %check_u, %check_p, %check_q) -> (tensor<2x2xf32>) {
      %c = tfc.add %a, %b : tensor<2x1xf32>, tensor<2xf32>
      tfc.yield %c : tensor<2x2xf32>
    }
    tfc.fetch %c : tensor<2x2xf32>
  }
  return %r : tensor<2x2xf32>
}

// -----

// CHECK-LABEL: func.func @host_call
// CHECK: %[[Y:.*]], %[[T:.*]] = tfc.host_call @relu(%[[X:.*]]) : (tensor<?xf32>) -> tensor<?xf32>
// CHECK: %[[D:.*]] = tfc.host_call @input_fn() after(%[[T]]) : () -> (){{$}}
// CHECK: %[[M:.*]]:2, %{{.*}} = tfc.host_call @minmax(%[[X]]) : (tensor<?xf32>) -> (tensor<f32>, tensor<f32>)
func.func @host_call(%x: tensor<?xf32>) -> tensor<?xf32> {
  %r = tfc.graph -> (tensor<?xf32>) {
    %y, %t = tfc.host_call @relu(%x) : (tensor<?xf32>) -> tensor<?xf32>
    %d = tfc.host_call @input_fn() after(%t) : () -> ()
    %m:2, %mt = tfc.host_call @minmax(%x) : (tensor<?xf32>) -> (tensor<f32>, tensor<f32>)
    tfc.fetch %y : tensor<?xf32> targets(%d, %mt)
  }
  return %r : tensor<?xf32>
}
