// RUN: tfc-opt %s --split-input-file --tfc-outline-dispatches="max-ops=8" | FileCheck %s
// RUN: tfc-opt %s --split-input-file --tfc-outline-dispatches="max-ops=8" --tfc-merge-identical-functions | FileCheck %s --check-prefix=MERGE

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>

// Three layers h = tanh(h * w + b), 8 ops each (a matmul and a generic
// with their bodies): a piece per layer, cut where the matmul reads the
// previous layer's output (a contraction fuses no input). The weights stay
// in the function and are arguments; the fill each matmul accumulates
// into, its empty tensor, the scalars and the small bias are cloned into
// each piece. The layers differ only in their weights: one function once
// merged.
// CHECK-LABEL: func.func @chain(
// CHECK-SAME:    %[[X:.*]]: tensor<4x4xf32>
// CHECK-DAG:     %[[W0:.*]] = arith.constant dense<{{\[\[}}1.0
// CHECK-DAG:     %[[W1:.*]] = arith.constant dense<{{\[\[}}1.1
// CHECK-NOT:     linalg.
// CHECK:         %[[H0:.*]] = call @chain_dispatch0(%[[X]], %[[W0]])
// CHECK:         %[[H1:.*]] = call @chain_dispatch1(%[[H0]], %[[W1]])
// CHECK:         %[[H2:.*]] = call @chain_dispatch2(%[[H1]], %[[W0]])
// CHECK:         return %[[H2]]
// CHECK:       func.func private @chain_dispatch0(%[[A:.*]]: tensor<4x4xf32>, %[[AW:.*]]: tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK-SAME:    attributes {passthrough = ["noinline"]}
// CHECK:         %[[ZERO:.*]] = arith.constant 0.0
// CHECK:         %[[EMPTY:.*]] = tensor.empty()
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[EMPTY]]
// CHECK:         %[[M:.*]] = linalg.matmul ins(%[[A]], %[[AW]] : {{.*}}) outs(%[[FILL]]
// CHECK:         %[[B:.*]] = arith.constant dense<[1.0
// CHECK:         %[[G:.*]] = linalg.generic {{.*}} ins(%[[M]], %[[B]]
// CHECK:         return %[[G]]
// CHECK:       func.func private @chain_dispatch1(
// CHECK:       func.func private @chain_dispatch2(
// MERGE-LABEL: func.func @chain(
// MERGE-COUNT-3: call @chain_dispatch0(
// MERGE:       func.func private @chain_dispatch0(
// MERGE-SAME:    tfc.merged_functions = 3 : i64
// MERGE-NOT:   func.func private @chain_dispatch
func.func @chain(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %w0 = arith.constant dense<[[1.0, 0.2, 0.3, 0.4], [0.5, 0.6, 0.7, 0.8], [0.9, 1.0, 1.1, 1.2], [1.3, 1.4, 1.5, 1.6]]> : tensor<4x4xf32>
  %w1 = arith.constant dense<[[1.1, 0.2, 0.3, 0.4], [0.5, 1.6, 0.7, 0.8], [0.9, 1.0, 2.1, 1.2], [1.3, 1.4, 1.5, 2.6]]> : tensor<4x4xf32>
  %b = arith.constant dense<[1.0, 0.2, 0.3, 0.4]> : tensor<4xf32>
  %empty = tensor.empty() : tensor<4x4xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%empty : tensor<4x4xf32>) -> tensor<4x4xf32>
  %m0 = linalg.matmul ins(%x, %w0 : tensor<4x4xf32>, tensor<4x4xf32>) outs(%fill : tensor<4x4xf32>) -> tensor<4x4xf32>
  %h0 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%m0, %b : tensor<4x4xf32>, tensor<4xf32>) outs(%empty : tensor<4x4xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %s = arith.addf %in, %bias : f32
    %t = math.tanh %s : f32
    linalg.yield %t : f32
  } -> tensor<4x4xf32>
  %m1 = linalg.matmul ins(%h0, %w1 : tensor<4x4xf32>, tensor<4x4xf32>) outs(%fill : tensor<4x4xf32>) -> tensor<4x4xf32>
  %h1 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%m1, %b : tensor<4x4xf32>, tensor<4xf32>) outs(%empty : tensor<4x4xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %s = arith.addf %in, %bias : f32
    %t = math.tanh %s : f32
    linalg.yield %t : f32
  } -> tensor<4x4xf32>
  %m2 = linalg.matmul ins(%h1, %w0 : tensor<4x4xf32>, tensor<4x4xf32>) outs(%fill : tensor<4x4xf32>) -> tensor<4x4xf32>
  %h2 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%m2, %b : tensor<4x4xf32>, tensor<4xf32>) outs(%empty : tensor<4x4xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %s = arith.addf %in, %bias : f32
    %t = math.tanh %s : f32
    linalg.yield %t : f32
  } -> tensor<4x4xf32>
  return %h2 : tensor<4x4xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// Element-wise ops that tiling fuses into their consumers' rows: no cut
// is allowed between them, so the function stays one piece, as it is.
// CHECK-LABEL: func.func @fused_chain(
// CHECK-NOT:     call
// CHECK-COUNT-4: linalg.generic
// CHECK-NOT:   func.func private
func.func @fused_chain(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %empty = tensor.empty() : tensor<4x4xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x4xf32>) outs(%empty : tensor<4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    %t = math.tanh %e : f32
    linalg.yield %t : f32
  } -> tensor<4x4xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x4xf32>) outs(%empty : tensor<4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    %t = math.tanh %e : f32
    linalg.yield %t : f32
  } -> tensor<4x4xf32>
  %c = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<4x4xf32>) outs(%empty : tensor<4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    %t = math.tanh %e : f32
    linalg.yield %t : f32
  } -> tensor<4x4xf32>
  %d = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%c : tensor<4x4xf32>) outs(%empty : tensor<4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    %t = math.tanh %e : f32
    linalg.yield %t : f32
  } -> tensor<4x4xf32>
  return %d : tensor<4x4xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// A result that only the function returns fuses into nothing: the cut after
// its op is allowed. Sizes and the empty tensors of those sizes are cloned
// into each piece.
// CHECK-LABEL: func.func @dynamic(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<?x4xf32>
// CHECK:         %[[A:.*]] = call @dynamic_dispatch0(%[[X]])
// CHECK:         %[[B:.*]] = call @dynamic_dispatch1(%[[X]])
// CHECK:         return %[[A]], %[[B]]
// CHECK:       func.func private @dynamic_dispatch0(%[[Y0:[^:]*]]: tensor<?x4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT:      %[[ZERO0:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[ROWS0:.*]] = tensor.dim %[[Y0]], %[[ZERO0]]
// CHECK-NEXT:      tensor.empty(%[[ROWS0]]) : tensor<?x4xf32>
// CHECK-NEXT:      linalg.generic
// CHECK:       func.func private @dynamic_dispatch1(%[[Y1:[^:]*]]: tensor<?x4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT:      %[[ZERO1:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[ROWS1:.*]] = tensor.dim %[[Y1]], %[[ZERO1]]
// CHECK-NEXT:      tensor.empty(%[[ROWS1]]) : tensor<?x4xf32>
// CHECK-NEXT:      linalg.generic
func.func @dynamic(%x: tensor<?x4xf32>) -> (tensor<?x4xf32>, tensor<?x4xf32>) {
  %c0 = arith.constant 0 : index
  %rows = tensor.dim %x, %c0 : tensor<?x4xf32>
  %empty = tensor.empty(%rows) : tensor<?x4xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<?x4xf32>) outs(%empty : tensor<?x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    %t = math.tanh %e : f32
    %u = math.tanh %t : f32
    %v = math.tanh %u : f32
    linalg.yield %v : f32
  } -> tensor<?x4xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<?x4xf32>) outs(%empty : tensor<?x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    %t = math.tanh %e : f32
    %u = math.tanh %t : f32
    %v = math.tanh %u : f32
    linalg.yield %v : f32
  } -> tensor<?x4xf32>
  return %a, %b : tensor<?x4xf32>, tensor<?x4xf32>
}

// -----

#nhwc = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>

// A convolution's element-wise consumer is fused into its loops: the
// piece that is full after the first convolution takes its relu too, and
// the cut comes before the second convolution, which reads its input in
// place.
// CHECK-LABEL: func.func @convolutions(
// CHECK:         %[[A:.*]] = call @convolutions_dispatch0(
// CHECK:         %[[B:.*]] = call @convolutions_dispatch1(%[[A]],
// CHECK:         return %[[B]]
// CHECK:       func.func private @convolutions_dispatch0(
// CHECK:         math.tanh
// CHECK:         %[[CONV:.*]] = linalg.conv_2d_nhwc_hwcf
// CHECK:         %[[RELU:.*]] = linalg.generic {{.*}} ins(%[[CONV]]
// CHECK:         return %[[RELU]]
// CHECK:       func.func private @convolutions_dispatch1(
// CHECK:         linalg.conv_2d_nhwc_hwcf
// CHECK:         linalg.generic
func.func @convolutions(%x: tensor<1x4x4x2xf32>, %f: tensor<1x1x2x2xf32>) -> tensor<1x4x4x2xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<1x4x4x2xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%empty : tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  %t = linalg.generic {indexing_maps = [#nhwc, #nhwc], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<1x4x4x2xf32>) outs(%empty : tensor<1x4x4x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = math.tanh %in : f32
    linalg.yield %v : f32
  } -> tensor<1x4x4x2xf32>
  %c0 = linalg.conv_2d_nhwc_hwcf ins(%t, %f : tensor<1x4x4x2xf32>, tensor<1x1x2x2xf32>) outs(%fill : tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  %r0 = linalg.generic {indexing_maps = [#nhwc, #nhwc], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c0 : tensor<1x4x4x2xf32>) outs(%empty : tensor<1x4x4x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = arith.maximumf %in, %zero : f32
    linalg.yield %v : f32
  } -> tensor<1x4x4x2xf32>
  %c1 = linalg.conv_2d_nhwc_hwcf ins(%r0, %f : tensor<1x4x4x2xf32>, tensor<1x1x2x2xf32>) outs(%fill : tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  %r1 = linalg.generic {indexing_maps = [#nhwc, #nhwc], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c1 : tensor<1x4x4x2xf32>) outs(%empty : tensor<1x4x4x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = arith.maximumf %in, %zero : f32
    linalg.yield %v : f32
  } -> tensor<1x4x4x2xf32>
  return %r1 : tensor<1x4x4x2xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// A size read from what a piece computes, for a fill that stays in the
// function (it is returned): the size and the fill's copies move after
// the call that computes the size's tensor, before their first user.
// CHECK-LABEL: func.func @returned_fill(
// CHECK:         %[[P0:.*]]:2 = call @returned_fill_dispatch0(
// CHECK:         %[[P1:.*]] = call @returned_fill_dispatch1(
// CHECK:         %[[ROWS:.*]] = tensor.dim %[[P0]]#0
// CHECK:         %[[EMPTY:.*]] = tensor.empty(%[[ROWS]])
// CHECK:         %[[FILL:.*]] = linalg.fill {{.*}} outs(%[[EMPTY]]
// CHECK:         return %[[FILL]], %[[P1]], %[[P0]]#1
func.func @returned_fill(%x: tensor<?x4xf32>) -> (tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %rows0 = tensor.dim %x, %c0 : tensor<?x4xf32>
  %empty0 = tensor.empty(%rows0) : tensor<?x4xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<?x4xf32>) outs(%empty0 : tensor<?x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    linalg.yield %e : f32
  } -> tensor<?x4xf32>
  %rows = tensor.dim %a, %c0 : tensor<?x4xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<?x4xf32>) outs(%empty0 : tensor<?x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    linalg.yield %e : f32
  } -> tensor<?x4xf32>
  %c = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<?x4xf32>) outs(%empty0 : tensor<?x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    %t = math.tanh %e : f32
    %u = math.tanh %t : f32
    %v = math.tanh %u : f32
    linalg.yield %v : f32
  } -> tensor<?x4xf32>
  %empty = tensor.empty(%rows) : tensor<?x4xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%empty : tensor<?x4xf32>) -> tensor<?x4xf32>
  return %fill, %c, %b : tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>
}

// -----

// Within the bound, a function is left as it is.
// CHECK-LABEL: func.func @small(
// CHECK-NOT:     call
// CHECK-NOT:   func.func private
func.func @small(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = math.tanh %x : tensor<4xf32>
  return %y : tensor<4xf32>
}
