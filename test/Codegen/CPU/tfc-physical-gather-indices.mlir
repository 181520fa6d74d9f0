// RUN: tfc-opt %s --split-input-file --tfc-physical-gather-indices | FileCheck %s

// A gather of rows of columns 3..5 of a 3x6 buffer: the row-major index
// into the 3x3 view becomes row * 6 + column on the buffer, from the
// view's offset.
// CHECK-LABEL: func.func @column_slice
// CHECK-DAG: %[[C15:.*]] = arith.constant 15 : index
// CHECK-DAG: %[[SIX:.*]] = arith.constant dense<6> : vector<3xindex>
// CHECK-DAG: %[[THREE:.*]] = arith.constant dense<3> : vector<3xindex>
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[BASE:.*]], %{{.*}}, %{{.*}}:2, %{{.*}}:2 = memref.extract_strided_metadata
// CHECK: %[[COL:.*]] = arith.remui %[[IDX:.*]], %[[THREE]] : vector<3xindex>
// CHECK: %[[ROW:.*]] = arith.divui %[[IDX]], %[[THREE]] : vector<3xindex>
// CHECK: %[[ROWOFF:.*]] = arith.muli %[[ROW]], %[[SIX]] : vector<3xindex>
// CHECK: %[[PHYS:.*]] = arith.addi %[[COL]], %[[ROWOFF]] : vector<3xindex>
// CHECK: %[[FLAT:.*]] = memref.reinterpret_cast %[[BASE]] to offset: [%[[C3]]], sizes: [%[[C15]]], strides: [1] : memref<f32> to memref<?xf32, strided<[1], offset: ?>>
// CHECK: vector.gather %[[FLAT]][%{{.*}}] [%[[PHYS]]], %{{.*}}, %{{.*}} : memref<?xf32, strided<[1], offset: ?>>, vector<3xindex>
func.func @column_slice(%buffer: memref<3x6xf32>, %idx: vector<3xindex>, %mask: vector<3xi1>, %pass: vector<3xf32>) -> vector<3xf32> {
  %c0 = arith.constant 0 : index
  %view = memref.subview %buffer[0, 3] [3, 3] [1, 1] : memref<3x6xf32> to memref<3x3xf32, strided<[6, 1], offset: 3>>
  %g = vector.gather %view[%c0, %c0] [%idx], %mask, %pass : memref<3x3xf32, strided<[6, 1], offset: 3>>, vector<3xindex>, vector<3xi1>, vector<3xf32> into vector<3xf32>
  return %g : vector<3xf32>
}

// -----

// Contiguous rows at an offset (a slice of whole rows) and identity layouts
// are left alone: their logical positions are physical.
// CHECK-LABEL: func.func @contiguous
// CHECK-NOT: memref.reinterpret_cast
// CHECK: vector.gather %{{.*}}[%{{.*}}, %{{.*}}] [%{{.*}}]
// CHECK: vector.gather %{{.*}}[%{{.*}}, %{{.*}}] [%{{.*}}]
func.func @contiguous(%buffer: memref<3x4xf32>, %idx: vector<3xindex>, %mask: vector<3xi1>, %pass: vector<3xf32>) -> (vector<3xf32>, vector<3xf32>) {
  %c0 = arith.constant 0 : index
  %rows = memref.subview %buffer[1, 0] [2, 4] [1, 1] : memref<3x4xf32> to memref<2x4xf32, strided<[4, 1], offset: 4>>
  %a = vector.gather %rows[%c0, %c0] [%idx], %mask, %pass : memref<2x4xf32, strided<[4, 1], offset: 4>>, vector<3xindex>, vector<3xi1>, vector<3xf32> into vector<3xf32>
  %b = vector.gather %buffer[%c0, %c0] [%idx], %mask, %pass : memref<3x4xf32>, vector<3xindex>, vector<3xi1>, vector<3xf32> into vector<3xf32>
  return %a, %b : vector<3xf32>, vector<3xf32>
}

// -----

// A dynamic view of a dynamic buffer: the sizes and strides come from the
// view's metadata at run time, and the base offsets count too.
// CHECK-LABEL: func.func @dynamic
// CHECK: memref.extract_strided_metadata
// CHECK: arith.remui
// CHECK: arith.divui
// CHECK: memref.reinterpret_cast
// CHECK: vector.gather
func.func @dynamic(%view: memref<?x?xf32, strided<[?, 1], offset: ?>>, %i: index, %idx: vector<4xindex>, %mask: vector<4xi1>, %pass: vector<4xf32>) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %g = vector.gather %view[%i, %c0] [%idx], %mask, %pass : memref<?x?xf32, strided<[?, 1], offset: ?>>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return %g : vector<4xf32>
}
