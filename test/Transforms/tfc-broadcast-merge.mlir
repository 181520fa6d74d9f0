// RUN: tfc-opt %s --split-input-file --tfc-broadcast-merge | FileCheck %s

// dense(concat([a, tile(b)], -1)) with b repeated over the batch.
// CHECK-LABEL: func.func @merge2d
// CHECK-SAME: (%[[A:.*]]: tensor<5x3xf32>, %[[B:.*]]: tensor<1x4xf32>, %[[W:.*]]: tensor<7x2xf32>)
// CHECK-DAG: %[[WA:.*]] = tfc.slice %[[W]] begin [0, 0] size [3, -1]
// CHECK-DAG: %[[WB:.*]] = tfc.slice %[[W]] begin [3, 0] size [4, -1]
// CHECK-DAG: %[[PA:.*]] = tfc.matmul %[[A]], %[[WA]]
// CHECK-DAG: %[[PB:.*]] = tfc.matmul %[[B]], %[[WB]] : tensor<1x4xf32>, tensor<4x2xf32>
// CHECK: %[[S:.*]] = tfc.add %[[PA]], %[[PB]] : tensor<5x2xf32>, tensor<1x2xf32>
// CHECK: return %[[S]]
// CHECK-NOT: tfc.tile
// CHECK-NOT: tfc.concat
func.func @merge2d(%a: tensor<5x3xf32>, %b: tensor<1x4xf32>, %w: tensor<7x2xf32>) -> tensor<5x2xf32> {
  %t = tfc.tile %b multiples [5, 1] : tensor<1x4xf32>
  %c = tfc.concat %a, %t axis -1 : tensor<5x3xf32>, tensor<5x4xf32>
  %y = tfc.matmul %c, %w : tensor<5x7xf32>, tensor<7x2xf32>
  return %y : tensor<5x2xf32>
}

// -----

// The guide's merge([a, b]) of [m,1,d1] and [1,n,d2], both tiled to [m,n,.].
// CHECK-LABEL: func.func @merge3d
// CHECK-NOT: tfc.tile
// CHECK: tfc.matmul %{{.*}}, %{{.*}} : tensor<5x1x3xf32>, tensor<3x8xf32>
// CHECK: tfc.matmul %{{.*}}, %{{.*}} : tensor<1x4x6xf32>, tensor<6x8xf32>
// CHECK: tfc.add %{{.*}}, %{{.*}} : tensor<5x1x8xf32>, tensor<1x4x8xf32>
func.func @merge3d(%a: tensor<5x1x3xf32>, %b: tensor<1x4x6xf32>, %w: tensor<9x8xf32>) -> tensor<5x4x8xf32> {
  %ta = tfc.tile %a multiples [1, 4, 1] : tensor<5x1x3xf32>
  %tb = tfc.tile %b multiples [5, 1, 1] : tensor<1x4x6xf32>
  %c = tfc.concat %ta, %tb axis 2 : tensor<5x4x3xf32>, tensor<5x4x6xf32>
  %y = tfc.matmul %c, %w : tensor<5x4x9xf32>, tensor<9x8xf32>
  return %y : tensor<5x4x8xf32>
}

// -----

// No tile, a tile of a dimension larger than 1, or a concatenation along
// another axis: unchanged.
// CHECK-LABEL: func.func @negatives
// CHECK-COUNT-3: tfc.matmul
// CHECK-NOT: tfc.matmul
func.func @negatives(%a: tensor<4x3xf32>, %b: tensor<2x4xf32>, %w: tensor<7x2xf32>, %v: tensor<3x2xf32>) -> (tensor<4x2xf32>, tensor<4x2xf32>, tensor<8x2xf32>) {
  %c0 = tfc.concat %a, %a axis 1 : tensor<4x3xf32>, tensor<4x3xf32>
  %w6 = tfc.slice %w begin [0, 0] size [6, -1] : tensor<7x2xf32>
  %y0 = tfc.matmul %c0, %w6 : tensor<4x6xf32>, tensor<6x2xf32>
  %t = tfc.tile %b multiples [2, 1] : tensor<2x4xf32>
  %c1 = tfc.concat %a, %t axis 1 : tensor<4x3xf32>, tensor<4x4xf32>
  %y1 = tfc.matmul %c1, %w : tensor<4x7xf32>, tensor<7x2xf32>
  %c2 = tfc.concat %a, %a axis 0 : tensor<4x3xf32>, tensor<4x3xf32>
  %y2 = tfc.matmul %c2, %v : tensor<8x3xf32>, tensor<3x2xf32>
  return %y0, %y1, %y2 : tensor<4x2xf32>, tensor<4x2xf32>, tensor<8x2xf32>
}
