// RUN: tfc-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s
// Result types are never written in the custom syntax: the ops infer them.
// The generic form prints the inferred types; each graph's declared results
// must also match them, or verification fails.

// The guide's broadcasting examples.
// CHECK-LABEL: sym_name = "broadcast_static"
// CHECK: "tfc.add"({{.*}}) : (tensor<2x1xf32>, tensor<2xf32>) -> tensor<2x2xf32>
// CHECK: "tfc.sub"({{.*}}) : (tensor<f32>, tensor<4x3xf32>) -> tensor<4x3xf32>
// CHECK: "tfc.maximum"({{.*}}) : (tensor<1x3xf32>, tensor<4x1xf32>) -> tensor<4x3xf32>
// CHECK: "tfc.add"({{.*}}) : (tensor<0x1xf32>, tensor<1x3xf32>) -> tensor<0x3xf32>
func.func @broadcast_static(%a: tensor<2x1xf32>, %b: tensor<2xf32>,
    %s: tensor<f32>,
    %e: tensor<4x3xf32>, %f: tensor<1x3xf32>, %g: tensor<4x1xf32>,
    %z: tensor<0x1xf32>) {
  tfc.graph {
    %0 = tfc.add %a, %b : tensor<2x1xf32>, tensor<2xf32>
    %2 = tfc.sub %s, %e : tensor<f32>, tensor<4x3xf32>
    %3 = tfc.maximum %f, %g : tensor<1x3xf32>, tensor<4x1xf32>
    %4 = tfc.add %z, %f : tensor<0x1xf32>, tensor<1x3xf32>
    tfc.fetch
  }
  return
}

// -----

// CHECK-LABEL: sym_name = "broadcast_rank3"
// CHECK: "tfc.mul"({{.*}}) : (tensor<5x3x1xf32>, tensor<5x1x6xf32>) -> tensor<5x3x6xf32>
func.func @broadcast_rank3(%a: tensor<5x3x1xf32>, %b: tensor<5x1x6xf32>) -> tensor<5x3x6xf32> {
  %r = tfc.graph -> (tensor<5x3x6xf32>) {
    %0 = tfc.mul %a, %b : tensor<5x3x1xf32>, tensor<5x1x6xf32>
    tfc.fetch %0 : tensor<5x3x6xf32>
  }
  return %r : tensor<5x3x6xf32>
}

// -----

// A dynamic dimension against a static one > 1 takes the static size; against
// 1 or another dynamic dimension it stays dynamic. Unranked stays unranked.
// CHECK-LABEL: sym_name = "broadcast_dynamic"
// CHECK: "tfc.add"({{.*}}) : (tensor<?x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
// CHECK: "tfc.add"({{.*}}) : (tensor<?x3xf32>, tensor<1x3xf32>) -> tensor<?x3xf32>
// CHECK: "tfc.add"({{.*}}) : (tensor<?x3xf32>, tensor<?x1xf32>) -> tensor<?x3xf32>
// CHECK: "tfc.add"({{.*}}) : (tensor<?x3xf32>, tensor<3xf32>) -> tensor<?x3xf32>
// CHECK: "tfc.add"({{.*}}) : (tensor<?x3xf32>, tensor<*xf32>) -> tensor<*xf32>
func.func @broadcast_dynamic(%a: tensor<?x3xf32>, %b: tensor<4x3xf32>,
    %c: tensor<1x3xf32>, %d: tensor<?x1xf32>, %e: tensor<3xf32>,
    %u: tensor<*xf32>) {
  tfc.graph {
    %0 = tfc.add %a, %b : tensor<?x3xf32>, tensor<4x3xf32>
    %1 = tfc.add %a, %c : tensor<?x3xf32>, tensor<1x3xf32>
    %2 = tfc.add %a, %d : tensor<?x3xf32>, tensor<?x1xf32>
    %3 = tfc.add %a, %e : tensor<?x3xf32>, tensor<3xf32>
    %4 = tfc.add %a, %u : tensor<?x3xf32>, tensor<*xf32>
    tfc.fetch
  }
  return
}

// -----

// Comparisons give booleans of the broadcast shape; logical ops keep i1.
// CHECK-LABEL: sym_name = "compare_types"
// CHECK: "tfc.less"({{.*}}) : (tensor<?x1xi32>, tensor<5xi32>) -> tensor<?x5xi1>
// CHECK: "tfc.logical_and"({{.*}}) : (tensor<?x5xi1>, tensor<5xi1>) -> tensor<?x5xi1>
// CHECK: "tfc.logical_not"({{.*}}) : (tensor<5xi1>) -> tensor<5xi1>
func.func @compare_types(%a: tensor<?x1xi32>, %b: tensor<5xi32>, %p: tensor<5xi1>) -> tensor<?x5xi1> {
  %r = tfc.graph -> (tensor<?x5xi1>) {
    %0 = tfc.less %a, %b : tensor<?x1xi32>, tensor<5xi32>
    %1 = tfc.logical_and %0, %p : tensor<?x5xi1>, tensor<5xi1>
    %2 = tfc.logical_not %p : tensor<5xi1>
    tfc.fetch %1 : tensor<?x5xi1>
  }
  return %r : tensor<?x5xi1>
}

// -----

// CHECK-LABEL: sym_name = "matmul_types"
// CHECK: "tfc.matmul"({{.*}}) : (tensor<?x784xf32>, tensor<784x512xf32>) -> tensor<?x512xf32>
// CHECK: "tfc.matmul"({{.*}}) <{transpose_a}> : (tensor<?x784xf32>, tensor<?x512xf32>) -> tensor<784x512xf32>
// CHECK: "tfc.matmul"({{.*}}) <{transpose_b}> : (tensor<?x512xf32>, tensor<784x512xf32>) -> tensor<?x784xf32>
// CHECK: "tfc.matmul"({{.*}}) : (tensor<2x1x3x4xf32>, tensor<5x4x6xf32>) -> tensor<2x5x3x6xf32>
// CHECK: "tfc.matmul"({{.*}}) : (tensor<?x3x?xf32>, tensor<7x5xf32>) -> tensor<?x3x5xf32>
func.func @matmul_types(%x: tensor<?x784xf32>, %w: tensor<784x512xf32>,
    %d: tensor<?x512xf32>, %p: tensor<2x1x3x4xf32>, %q: tensor<5x4x6xf32>,
    %r: tensor<?x3x?xf32>, %s: tensor<7x5xf32>) {
  tfc.graph {
    %0 = tfc.matmul %x, %w : tensor<?x784xf32>, tensor<784x512xf32>
    %1 = tfc.matmul %x, %d transpose_a : tensor<?x784xf32>, tensor<?x512xf32>
    %2 = tfc.matmul %d, %w transpose_b : tensor<?x512xf32>, tensor<784x512xf32>
    %3 = tfc.matmul %p, %q : tensor<2x1x3x4xf32>, tensor<5x4x6xf32>
    %4 = tfc.matmul %r, %s : tensor<?x3x?xf32>, tensor<7x5xf32>
    tfc.fetch
  }
  return
}

// -----

// No axes reduces everything; keep_dims keeps size-1 dimensions; negative
// axes count from the end; an empty axis list reduces nothing.
// CHECK-LABEL: sym_name = "reduction_types"
// CHECK: "tfc.reduce_sum"({{.*}}) : (tensor<4x3xf32>) -> tensor<f32>
// CHECK: "tfc.reduce_sum"({{.*}}) <{axes = array<i64: 0>}> : (tensor<4x3xf32>) -> tensor<3xf32>
// CHECK: "tfc.reduce_mean"({{.*}}) <{axes = array<i64: -1>, keep_dims}> : (tensor<4x3xf32>) -> tensor<4x1xf32>
// CHECK: "tfc.reduce_max"({{.*}}) <{keep_dims}> : (tensor<4x3xf32>) -> tensor<1x1xf32>
// CHECK: "tfc.reduce_sum"({{.*}}) <{axes = array<i64>}> : (tensor<4x3xf32>) -> tensor<4x3xf32>
// CHECK: "tfc.reduce_sum"({{.*}}) <{axes = array<i64: 1>}> : (tensor<?x?x5xi32>) -> tensor<?x5xi32>
// CHECK: "tfc.reduce_sum"({{.*}}) : (tensor<*xf32>) -> tensor<f32>
// CHECK: "tfc.reduce_sum"({{.*}}) <{axes = array<i64: 0>}> : (tensor<*xf32>) -> tensor<*xf32>
func.func @reduction_types(%x: tensor<4x3xf32>, %y: tensor<?x?x5xi32>, %u: tensor<*xf32>) {
  tfc.graph {
    %0 = tfc.reduce_sum %x : tensor<4x3xf32>
    %1 = tfc.reduce_sum %x axes [0] : tensor<4x3xf32>
    %2 = tfc.reduce_mean %x axes [-1] keep_dims : tensor<4x3xf32>
    %3 = tfc.reduce_max %x keep_dims : tensor<4x3xf32>
    %4 = tfc.reduce_sum %x axes [] : tensor<4x3xf32>
    %5 = tfc.reduce_sum %y axes [1] : tensor<?x?x5xi32>
    %6 = tfc.reduce_sum %u : tensor<*xf32>
    %7 = tfc.reduce_sum %u axes [0] : tensor<*xf32>
    tfc.fetch
  }
  return
}

// -----

// The guide's pitfall, typed: [[1],[2]] + [1,2] is [2,2], so a reduce_sum
// without axes adds four numbers (12), not two.
// CHECK-LABEL: sym_name = "pitfall"
// CHECK: "tfc.add"({{.*}}) : (tensor<2x1xf32>, tensor<2xf32>) -> tensor<2x2xf32>
// CHECK: "tfc.reduce_sum"({{.*}}) : (tensor<2x2xf32>) -> tensor<f32>
func.func @pitfall() -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %a = tfc.constant dense<[[1.0], [2.0]]> : tensor<2x1xf32>
    %b = tfc.constant dense<[1.0, 2.0]> : tensor<2xf32>
    %c = tfc.add %a, %b : tensor<2x1xf32>, tensor<2xf32>
    %s = tfc.reduce_sum %c : tensor<2x2xf32>
    tfc.fetch %s : tensor<f32>
  }
  return %r : tensor<f32>
}
