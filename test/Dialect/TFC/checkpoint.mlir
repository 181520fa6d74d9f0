// RUN: tfc-opt %s --split-input-file | FileCheck %s
// Round trip through the generic form as well:
// RUN: tfc-opt %s --split-input-file --mlir-print-op-generic | tfc-opt --split-input-file | FileCheck %s

// saver.save and saver.restore: the path is a string's bytes.
// CHECK-LABEL: func.func @save_and_restore
// CHECK-SAME: (%[[PATH:.*]]: tensor<?xi8>, %[[B:.*]]: tensor<f32>, %[[W:.*]]: tensor<2xf32>, %[[T:.*]]: !tfc.control)
// CHECK: %[[SAVED:.*]] = tfc.save_tensors %[[PATH]], ["b", "w"](%[[B]], %[[W]]) after(%[[T]]) : tensor<?xi8>, (tensor<f32>, tensor<2xf32>)
// CHECK: %{{.*}}:2, %{{.*}} = tfc.restore_tensors %[[PATH]], ["b", "w"] after(%[[SAVED]]) : tensor<?xi8> -> tensor<f32>, tensor<2xf32>
// CHECK: tfc.save_tensors %{{.*}}, ["c"](%{{.*}}) : tensor<5xi8>, (tensor<2xf32>){{$}}
func.func @save_and_restore(%path: tensor<?xi8>, %b: tensor<f32>, %w: tensor<2xf32>, %t: !tfc.control) -> tensor<2xf32> {
  %r = tfc.graph -> (tensor<2xf32>) {
    %saved = tfc.save_tensors %path, ["b", "w"] (%b, %w) after(%t) : tensor<?xi8>, (tensor<f32>, tensor<2xf32>)
    %rb, %rw, %restored = tfc.restore_tensors %path, ["b", "w"] after(%saved) : tensor<?xi8> -> tensor<f32>, tensor<2xf32>
    %const = tfc.constant dense<[109, 111, 100, 101, 108]> : tensor<5xi8>
    %none = tfc.save_tensors %const, ["c"] (%rw) : tensor<5xi8>, (tensor<2xf32>)
    tfc.fetch %rw : tensor<2xf32> targets(%none)
  }
  return %r : tensor<2xf32>
}
