// RUN: tfc-opt %s --split-input-file | FileCheck %s
// Round trip through the generic form as well:
// RUN: tfc-opt %s --split-input-file --mlir-print-op-generic | tfc-opt --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @shape_ops
// CHECK-SAME: (%[[X:.*]]: tensor<4x6xf32>, %[[D:.*]]: tensor<?x3xf32>, %[[U:.*]]: tensor<*xf32>, %[[S:.*]]: tensor<2xi32>, %[[V:.*]]: tensor<f32>)
// CHECK: tfc.shape %[[D]] : tensor<?x3xf32>
// CHECK: tfc.shape %[[U]] out_type i64 : tensor<*xf32>
// CHECK: tfc.rank %[[U]] : tensor<*xf32>
// CHECK: tfc.size %[[D]] : tensor<?x3xf32>
// CHECK: tfc.size %[[D]] out_type i64 : tensor<?x3xf32>
// CHECK: tfc.reshape %[[X]] to [3, -1] : tensor<4x6xf32>
// CHECK: tfc.reshape %[[X]], %[[S]] : tensor<4x6xf32>, tensor<2xi32>
// CHECK: tfc.expand_dims %[[X]] axis -1 : tensor<4x6xf32>
// CHECK: tfc.squeeze %[[D]] axes [0] : tensor<?x3xf32>
// CHECK: tfc.squeeze %[[X]] : tensor<4x6xf32>
// CHECK: tfc.tile %[[D]] multiples [2, 3] : tensor<?x3xf32>
// CHECK: tfc.tile %[[D]] multiples [-1, 1] from %{{.*}} : tensor<?x3xf32>, tensor<2xi32>
// CHECK: tfc.fill %[[V]] to [2, 3] : tensor<f32>
// CHECK: tfc.fill %[[V]], %[[S]] : tensor<f32>, tensor<2xi32>
// CHECK: tfc.range %[[V]], %[[V]], %[[V]] : tensor<f32>, tensor<f32>, tensor<f32>
// CHECK: tfc.cast %[[D]] : tensor<?x3xf32> to i1
func.func @shape_ops(%x: tensor<4x6xf32>, %d: tensor<?x3xf32>, %u: tensor<*xf32>,
                     %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    %0 = tfc.shape %d : tensor<?x3xf32>
    %1 = tfc.shape %u out_type i64 : tensor<*xf32>
    %2 = tfc.rank %u : tensor<*xf32>
    %3 = tfc.size %d : tensor<?x3xf32>
    %4 = tfc.size %d out_type i64 : tensor<?x3xf32>
    %5 = tfc.reshape %x to [3, -1] : tensor<4x6xf32>
    %6 = tfc.reshape %x, %s : tensor<4x6xf32>, tensor<2xi32>
    %7 = tfc.expand_dims %x axis -1 : tensor<4x6xf32>
    %8 = tfc.squeeze %d axes [0] : tensor<?x3xf32>
    %9 = tfc.squeeze %x : tensor<4x6xf32>
    %10 = tfc.tile %d multiples [2, 3] : tensor<?x3xf32>
    %dm = tfc.constant dense<[5, 1]> : tensor<2xi32>
    %dt = tfc.tile %d multiples [-1, 1] from %dm : tensor<?x3xf32>, tensor<2xi32>
    %11 = tfc.fill %v to [2, 3] : tensor<f32>
    %12 = tfc.fill %v, %s : tensor<f32>, tensor<2xi32>
    %13 = tfc.range %v, %v, %v : tensor<f32>, tensor<f32>, tensor<f32>
    %14 = tfc.cast %d : tensor<?x3xf32> to i1
    tfc.fetch
  }
  return
}

// -----

// CHECK-LABEL: func.func @slice_ops
// CHECK-SAME: (%[[X:.*]]: tensor<4x6xf32>, %[[D:.*]]: tensor<?x3xf32>, %[[I:.*]]: tensor<3xi32>, %[[L:.*]]: tensor<?xi64>, %[[V:.*]]: tensor<f32>)
// CHECK: tfc.concat %[[D]], %[[X]] axis 1 : tensor<?x3xf32>, tensor<4x6xf32>
// CHECK: tfc.stack %[[D]], %[[D]] axis 1 : tensor<?x3xf32>, tensor<?x3xf32>
// CHECK: tfc.stack %[[V]] : tensor<f32>
// CHECK: tfc.unstack %[[X]] : tensor<4x6xf32>
// CHECK: tfc.unstack %[[D]] num 2 : tensor<?x3xf32>
// CHECK: tfc.unstack %[[X]] axis 1 : tensor<4x6xf32>
// CHECK: tfc.slice %[[X]] begin [1, 2] size [-1, 3] : tensor<4x6xf32>
// CHECK: tfc.strided_slice %[[X]] begin [1, 0] end [0, 0] strides [1, 2] end_mask 3 : tensor<4x6xf32>
// CHECK: tfc.strided_slice %[[X]] begin [-1] end [0] shrink_axis_mask 1 : tensor<4x6xf32>
// CHECK: tfc.strided_slice %[[X]] begin [0, 0] end [0, 0] ellipsis_mask 1 new_axis_mask 2 : tensor<4x6xf32>
// CHECK: tfc.strided_slice %[[X]] begin [0, 5] end [0, 0] strides [1, -1] begin_mask 1 end_mask 1 : tensor<4x6xf32>
// CHECK: tfc.gather %[[X]], %[[I]] : tensor<4x6xf32>, tensor<3xi32>
// CHECK: tfc.gather %[[X]], %[[L]] axis 1 : tensor<4x6xf32>, tensor<?xi64>
// CHECK: tfc.top_k %[[X]] k 2 : tensor<4x6xf32>
// CHECK: tfc.top_k %[[X]] k 2 {sorted = false} : tensor<4x6xf32>
// CHECK: tfc.argmax %[[X]] axis 1 : tensor<4x6xf32>
// CHECK: tfc.argmax %[[X]] output_type i32 : tensor<4x6xf32>
// CHECK: tfc.one_hot %[[I]], %[[V]], %[[V]] depth 5 axis 0 : tensor<3xi32>, tensor<f32>, tensor<f32>
// CHECK: tfc.one_hot %[[L]], %[[V]], %[[V]] depth 5 : tensor<?xi64>, tensor<f32>, tensor<f32>
// CHECK: tfc.unsorted_segment_sum %[[X]], %[[L]] num_segments 5 : tensor<4x6xf32>, tensor<?xi64>
func.func @slice_ops(%x: tensor<4x6xf32>, %d: tensor<?x3xf32>, %i: tensor<3xi32>,
                     %l: tensor<?xi64>, %v: tensor<f32>) {
  tfc.graph {
    %0 = tfc.concat %d, %x axis 1 : tensor<?x3xf32>, tensor<4x6xf32>
    %1 = tfc.stack %d, %d axis 1 : tensor<?x3xf32>, tensor<?x3xf32>
    %2 = tfc.stack %v : tensor<f32>
    %3:4 = tfc.unstack %x : tensor<4x6xf32>
    %4:2 = tfc.unstack %d num 2 : tensor<?x3xf32>
    %5:6 = tfc.unstack %x axis 1 : tensor<4x6xf32>
    %6 = tfc.slice %x begin [1, 2] size [-1, 3] : tensor<4x6xf32>
    %7 = tfc.strided_slice %x begin [1, 0] end [0, 0] strides [1, 2] end_mask 3 : tensor<4x6xf32>
    %8 = tfc.strided_slice %x begin [-1] end [0] shrink_axis_mask 1 : tensor<4x6xf32>
    %9 = tfc.strided_slice %x begin [0, 0] end [0, 0] ellipsis_mask 1 new_axis_mask 2 : tensor<4x6xf32>
    %10 = tfc.strided_slice %x begin [0, 5] end [0, 0] strides [1, -1] begin_mask 1 end_mask 1 : tensor<4x6xf32>
    %11 = tfc.gather %x, %i : tensor<4x6xf32>, tensor<3xi32>
    %12 = tfc.gather %x, %l axis 1 : tensor<4x6xf32>, tensor<?xi64>
    %13:2 = tfc.top_k %x k 2 : tensor<4x6xf32>
    %14:2 = tfc.top_k %x k 2 {sorted = false} : tensor<4x6xf32>
    %15 = tfc.argmax %x axis 1 : tensor<4x6xf32>
    %16 = tfc.argmax %x output_type i32 : tensor<4x6xf32>
    %17 = tfc.one_hot %i, %v, %v depth 5 axis 0 : tensor<3xi32>, tensor<f32>, tensor<f32>
    %18 = tfc.one_hot %l, %v, %v depth 5 : tensor<?xi64>, tensor<f32>, tensor<f32>
    %19 = tfc.unsorted_segment_sum %x, %l num_segments 5 : tensor<4x6xf32>, tensor<?xi64>
    tfc.fetch
  }
  return
}

// -----

// unique: a result whose length only the run knows; num_segments as an
// operand makes the sums' first dimension dynamic.
// CHECK-LABEL: func.func @unique_ops
// CHECK: %[[Y:[a-z0-9_]+]], %[[IDX:[a-z0-9_]+]] = tfc.unique %[[X:.*]] : tensor<6xi32>
// CHECK: tfc.unique %[[X]] out_idx i64 : tensor<6xi32>
// CHECK: %[[N:.*]] = tfc.size %[[Y]] : tensor<?xi32>
// CHECK: tfc.unsorted_segment_sum %{{.*}}, %[[IDX]], %[[N]] : tensor<6x2xf32>, tensor<6xi32>, tensor<i32>
func.func @unique_ops(%x: tensor<6xi32>, %d: tensor<6x2xf32>) -> (tensor<?xi32>, tensor<6xi64>, tensor<?x2xf32>) {
  %r:3 = tfc.graph -> (tensor<?xi32>, tensor<6xi64>, tensor<?x2xf32>) {
    %y, %idx = tfc.unique %x : tensor<6xi32>
    %y2, %idx2 = tfc.unique %x out_idx i64 : tensor<6xi32>
    %n = tfc.size %y : tensor<?xi32>
    %s = tfc.unsorted_segment_sum %d, %idx, %n : tensor<6x2xf32>, tensor<6xi32>, tensor<i32>
    tfc.fetch %y, %idx2, %s : tensor<?xi32>, tensor<6xi64>, tensor<?x2xf32>
  }
  return %r#0, %r#1, %r#2 : tensor<?xi32>, tensor<6xi64>, tensor<?x2xf32>
}
