// RUN: tfc-opt %s --split-input-file --convert-tfc-to-linalg --verify-diagnostics | FileCheck %s

// SAME with stride 2 on 4 rows pads 0 before and 1 after (TensorFlow's
// asymmetric padding); the batch stays dynamic.
// CHECK-LABEL: func.func @conv_same
// CHECK-SAME: (%[[X:.*]]: tensor<?x4x4x3xf32>, %[[W:.*]]: tensor<3x3x3x8xf32>)
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[PAD:.*]] = tensor.pad %[[X]] low[0, 0, 0, 0] high[0, 1, 1, 0]
// CHECK: tensor.yield %[[ZERO]] : f32
// CHECK: } : tensor<?x4x4x3xf32> to tensor<?x5x5x3xf32>
// CHECK: %[[N:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x4x4x3xf32>
// CHECK: %[[EMPTY:.*]] = tensor.empty(%[[N]]) : tensor<?x2x2x8xf32>
// CHECK: %[[INIT:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[EMPTY]] : tensor<?x2x2x8xf32>)
// CHECK: linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%[[PAD]], %[[W]] : tensor<?x5x5x3xf32>, tensor<3x3x3x8xf32>) outs(%[[INIT]] : tensor<?x2x2x8xf32>)
func.func @conv_same(%x: tensor<?x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) -> tensor<?x2x2x8xf32> {
  %0 = tfc.conv2d %x, %w strides [1, 2, 2, 1] padding "SAME" : tensor<?x4x4x3xf32>, tensor<3x3x3x8xf32>
  return %0 : tensor<?x2x2x8xf32>
}

// -----

// VALID needs no pad; dilations go to linalg; unknown output channels come
// from the filter.
// CHECK-LABEL: func.func @conv_valid
// CHECK-SAME: (%[[X:.*]]: tensor<2x6x6x3xf32>, %[[W:.*]]: tensor<2x2x3x?xf32>)
// CHECK-NOT: tensor.pad
// CHECK: %[[F:.*]] = tensor.dim %[[W]], %{{.*}} : tensor<2x2x3x?xf32>
// CHECK: tensor.empty(%[[F]]) : tensor<2x4x4x?xf32>
// CHECK: linalg.conv_2d_nhwc_hwcf {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%[[X]], %[[W]] : tensor<2x6x6x3xf32>, tensor<2x2x3x?xf32>)
func.func @conv_valid(%x: tensor<2x6x6x3xf32>, %w: tensor<2x2x3x?xf32>) -> tensor<2x4x4x?xf32> {
  %0 = tfc.conv2d %x, %w strides [1, 1, 1, 1] padding "VALID" dilations [1, 2, 2, 1] : tensor<2x6x6x3xf32>, tensor<2x2x3x?xf32>
  return %0 : tensor<2x4x4x?xf32>
}

// -----

// Padding and the init of a max are -inf; integers use the lowest value.
// CHECK-LABEL: func.func @max_pool
// CHECK: %[[NEGINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[PAD:.*]] = tensor.pad %{{.*}} low[0, 1, 1, 0] high[0, 1, 1, 0]
// CHECK: tensor.yield %[[NEGINF]] : f32
// CHECK: %[[INIT:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<1x3x3x2xf32>)
// CHECK: %[[WINDOW:.*]] = tensor.empty() : tensor<3x3xf32>
// CHECK: linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%[[PAD]], %[[WINDOW]] : tensor<1x7x7x2xf32>, tensor<3x3xf32>) outs(%[[INIT]] : tensor<1x3x3x2xf32>)
// CHECK-LABEL: func.func @max_pool_i32
// CHECK: arith.constant -2147483648 : i32
// CHECK: linalg.pooling_nhwc_max
func.func @max_pool(%x: tensor<1x5x5x2xf32>) -> tensor<1x3x3x2xf32> {
  %0 = tfc.max_pool %x ksize [1, 3, 3, 1] strides [1, 2, 2, 1] padding "SAME" : tensor<1x5x5x2xf32>
  return %0 : tensor<1x3x3x2xf32>
}
func.func @max_pool_i32(%x: tensor<1x5x5x2xi32>) -> tensor<1x3x3x2xi32> {
  %0 = tfc.max_pool %x ksize [1, 3, 3, 1] strides [1, 2, 2, 1] padding "SAME" : tensor<1x5x5x2xi32>
  return %0 : tensor<1x3x3x2xi32>
}

// -----

// The sum of each window divided by the inputs it covers: 9 for the full
// window, 6 where one row or column is padding, 4 in the corner.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[HW:.*]] = affine_map<(d0, d1, d2, d3) -> (d1, d2, 0)>
// CHECK-LABEL: func.func @avg_pool
// CHECK: %[[PAD:.*]] = tensor.pad %{{.*}} low[0, 0, 0, 0] high[0, 1, 1, 0]
// CHECK: %[[SUM:.*]] = linalg.pooling_nhwc_sum {{.*}} ins(%[[PAD]], %{{.*}} : tensor<1x5x5x2xf32>, tensor<3x3xf32>)
// CHECK: %[[COUNTS:.*]] = arith.constant dense<{{\[}}{{\[}}[9.000000e+00], [6.000000e+00]], {{\[}}[6.000000e+00], [4.000000e+00]]]> : tensor<2x2x1xf32>
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[HW]], #[[ID]]], {{.*}}} ins(%[[SUM]], %[[COUNTS]] :
// CHECK: arith.divf
func.func @avg_pool(%x: tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xf32> {
  %0 = tfc.avg_pool %x ksize [1, 3, 3, 1] strides [1, 2, 2, 1] padding "SAME" : tensor<1x4x4x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// The input gradient of a 2x2 window, stride 2, VALID: an scf.for nest
// over the window positions carries the accumulator; each adds into the
// strided slice it reads; no padding to cut.
// CHECK-LABEL: func.func @conv_backprop_input
// CHECK-SAME: (%[[X:.*]]: tensor<1x4x4x2xf32>, %[[W:.*]]: tensor<2x2x2x3xf32>, %[[DY:.*]]: tensor<1x2x2x3xf32>)
// CHECK: %[[ACC0:.*]] = linalg.fill {{.*}} -> tensor<1x4x4x2xf32>
// CHECK: %[[R:.*]] = scf.for %[[KH:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A:.*]] = %[[ACC0]]) -> (tensor<1x4x4x2xf32>)
// CHECK: scf.for %[[KW:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[B:.*]] = %[[A]]) -> (tensor<1x4x4x2xf32>)
// CHECK: %[[S:.*]] = tensor.extract_slice %[[B]][0, %[[KH]], %[[KW]], 0] [1, 2, 2, 2] [1, 2, 2, 1]
// CHECK: %[[P:.*]] = tensor.extract_slice %[[W]][%[[KH]], %[[KW]], 0, 0] [1, 1, 2, 3] [1, 1, 1, 1] : tensor<2x2x2x3xf32> to tensor<2x3xf32>
// CHECK: %[[G:.*]] = linalg.generic {{.*}} ins(%[[DY]], %[[P]] : tensor<1x2x2x3xf32>, tensor<2x3xf32>) outs(%[[S]] : tensor<1x2x2x2xf32>)
// CHECK: tensor.insert_slice %[[G]] into %[[B]][0, %[[KH]], %[[KW]], 0] [1, 2, 2, 2] [1, 2, 2, 1]
// CHECK: return %[[R]]
func.func @conv_backprop_input(%x: tensor<1x4x4x2xf32>, %w: tensor<2x2x2x3xf32>, %dy: tensor<1x2x2x3xf32>) -> tensor<1x4x4x2xf32> {
  %0 = tfc.conv2d_backprop_input %x, %w, %dy strides [1, 2, 2, 1] padding "VALID" : tensor<1x4x4x2xf32>, tensor<2x2x2x3xf32>, tensor<1x2x2x3xf32>
  return %0 : tensor<1x4x4x2xf32>
}

// -----

// The filter gradient: one contraction over (n, oh, ow) of the padded input
// read at oh * stride + kh * dilation. Its loops are (kh, kw, c, n, oh, ow,
// f): the output channels innermost, so the innermost loop adds a row of
// dy to a contiguous row of dw and vectorizes (with the reductions
// innermost it ran as scalar loops, 20x slower for the word CNN's filters).
// CHECK-DAG: #[[XMAP:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d3, d4 * 2 + d0, d5 * 2 + d1, d2)>
// CHECK-DAG: #[[DYMAP:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d3, d4, d5, d6)>
// CHECK-DAG: #[[WMAP:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6)>
// CHECK-LABEL: func.func @conv_backprop_filter
// CHECK: %[[PAD:.*]] = tensor.pad %{{.*}} low[0, 0, 0, 0] high[0, 1, 1, 0]
// CHECK: linalg.generic {indexing_maps = [#[[XMAP]], #[[DYMAP]], #[[WMAP]]], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "parallel"]} ins(%[[PAD]], %{{.*}} : tensor<1x5x5x2xf32>, tensor<1x2x2x3xf32>) outs(%{{.*}} : tensor<3x3x2x3xf32>)
func.func @conv_backprop_filter(%x: tensor<1x4x4x2xf32>, %w: tensor<3x3x2x3xf32>, %dy: tensor<1x2x2x3xf32>) -> tensor<3x3x2x3xf32> {
  %0 = tfc.conv2d_backprop_filter %x, %w, %dy strides [1, 2, 2, 1] padding "SAME" : tensor<1x4x4x2xf32>, tensor<3x3x2x3xf32>, tensor<1x2x2x3xf32>
  return %0 : tensor<3x3x2x3xf32>
}

// -----

// max_pool_grad: the first position of each window's maximum (padding is
// -inf), then a masked accumulation per window position (an scf.for nest
// over the 3x3 positions, comparing with row * 3 + col); the padded
// gradient is cut back to the input.
// CHECK-LABEL: func.func @max_pool_grad
// CHECK: tensor.pad %{{.*}} low[0, 0, 0, 0] high[0, 1, 1, 0]
// CHECK: %[[ARG:.*]]:2 = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]
// CHECK: arith.cmpf ogt
// CHECK: scf.for %[[KH:[a-z0-9_]+]] =
// CHECK: scf.for %[[KW:[a-z0-9_]+]] =
// CHECK: %[[ROW:.*]] = arith.muli %[[KH]], %{{.*}} : index
// CHECK: %[[POS:.*]] = arith.addi %[[ROW]], %[[KW]] : index
// CHECK: %[[POS64:.*]] = arith.index_cast %[[POS]] : index to i64
// CHECK: arith.cmpi eq, %{{.*}}, %[[POS64]] : i64
// CHECK: tensor.extract_slice %{{.*}}[0, 0, 0, 0] [1, 4, 4, 2] [1, 1, 1, 1] : tensor<1x5x5x2xf32> to tensor<1x4x4x2xf32>
func.func @max_pool_grad(%x: tensor<1x4x4x2xf32>, %dy: tensor<1x2x2x2xf32>) -> tensor<1x4x4x2xf32> {
  %0 = tfc.max_pool_grad %x, %dy ksize [1, 3, 3, 1] strides [1, 2, 2, 1] padding "SAME" : tensor<1x4x4x2xf32>, tensor<1x2x2x2xf32>
  return %0 : tensor<1x4x4x2xf32>
}

// -----

// avg_pool_grad: dy divided by the window counts, added at every window
// position.
// CHECK-LABEL: func.func @avg_pool_grad
// CHECK: arith.constant dense<4.000000e+00> : tensor<2x2x1xf32>
// CHECK: arith.divf
// CHECK: scf.for
// CHECK: scf.for
// CHECK: tensor.insert_slice
// CHECK-NOT: tensor.insert_slice
func.func @avg_pool_grad(%x: tensor<1x4x4x2xf32>, %dy: tensor<1x2x2x2xf32>) -> tensor<1x4x4x2xf32> {
  %0 = tfc.avg_pool_grad %x, %dy ksize [1, 2, 2, 1] strides [1, 2, 2, 1] padding "VALID" : tensor<1x4x4x2xf32>, tensor<1x2x2x2xf32>
  return %0 : tensor<1x4x4x2xf32>
}

// -----

// Code generation needs the height and width.
func.func @unknown_height(%x: tensor<1x?x4x2xf32>) -> tensor<1x?x2x2xf32> {
  // expected-error @+1 {{'tfc.avg_pool' op needs a known height and width of its input and window for code generation; got [1,?,4,2]}}
  %0 = tfc.avg_pool %x ksize [1, 3, 3, 1] strides [1, 2, 2, 1] padding "SAME" : tensor<1x?x4x2xf32>
  return %0 : tensor<1x?x2x2xf32>
}
