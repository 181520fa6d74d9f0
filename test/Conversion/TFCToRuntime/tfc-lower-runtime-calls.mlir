// RUN: tfc-opt %s --split-input-file --tfc-lower-runtime-calls --verify-diagnostics | FileCheck %s --implicit-check-not=tfc.

// A tensor crosses as its buffer's parts: the aligned address, the offset
// and a stack array (allocated at the function's entry) of sizes and
// strides. The print's result is its input.
// CHECK: llvm.mlir.global internal constant @[[MSG:.*]]("x: \00")
// CHECK-LABEL: func.func @print
// CHECK-SAME: (%[[X:.*]]: tensor<2xf32>)
// CHECK-NEXT: %[[SHAPE:.*]] = memref.alloca() : memref<2xi64>
// CHECK-NEXT: %[[B:.*]] = bufferization.to_buffer %[[X]] read_only : tensor<2xf32> to memref<2xf32, strided<[?], offset: ?>>
// CHECK-NEXT: %[[ADDR:.*]] = memref.extract_aligned_pointer_as_index %[[B]]
// CHECK-NEXT: %{{.*}}, %[[OFF:.*]], %[[SIZE:.*]], %[[STRIDE:.*]] = memref.extract_strided_metadata %[[B]]
// CHECK: memref.store %{{.*}}, %[[SHAPE]][%{{.*}}] : memref<2xi64>
// CHECK: memref.store %{{.*}}, %[[SHAPE]][%{{.*}}] : memref<2xi64>
// CHECK: %[[SADDR:.*]] = memref.extract_aligned_pointer_as_index %[[SHAPE]]
// CHECK: %[[F32:.*]] = arith.constant 3 : i32
// CHECK: %[[RANK:.*]] = arith.constant 1 : i64
// CHECK: call @tfc_rt_push_tensor(%[[F32]], %[[RANK]], %[[ADDR]], %[[OFF]], %[[SADDR]]) : (i32, i64, index, index, index) -> ()
// CHECK: %[[M:.*]] = llvm.mlir.addressof @[[MSG]] : !llvm.ptr
// CHECK: %[[SUMMARIZE:.*]] = arith.constant 3 : i64
// CHECK: call @tfc_rt_print(%[[M]], %[[SUMMARIZE]]) : (!llvm.ptr, i64) -> ()
// CHECK: return %[[X]] : tensor<2xf32>
// CHECK: func.func private @tfc_rt_push_tensor(i32, i64, index, index, index)
// CHECK: func.func private @tfc_rt_print(!llvm.ptr, i64)
func.func @print(%x: tensor<2xf32>) -> tensor<2xf32> {
  %p, %t = tfc.print %x, [%x] message "x: " : tensor<2xf32>, [tensor<2xf32>]
  return %p : tensor<2xf32>
}

// -----

// first_n counts the runs in a process-wide counter, atomically.
// CHECK: memref.global "private" @[[COUNT:.*]] : memref<i64> = dense<0>
// CHECK-LABEL: func.func @first_n
// CHECK: %[[G:.*]] = memref.get_global @[[COUNT]] : memref<i64>
// CHECK: %[[BEFORE:.*]] = memref.atomic_rmw addi %{{.*}}, %[[G]][] : (i64, memref<i64>) -> i64
// CHECK: %[[GO:.*]] = arith.cmpi slt, %[[BEFORE]], %{{.*}} : i64
// CHECK: scf.if %[[GO]] {
// CHECK: func.call @tfc_rt_print
func.func @first_n(%x: tensor<f32>) -> tensor<f32> {
  %p, %t = tfc.print %x message "x" {first_n = 2 : i64} : tensor<f32>
  return %p : tensor<f32>
}

// -----

// An assertion fails the call when its condition is false, with the data
// pushed only then. A rank assertion on a ranked tensor holds.
// CHECK-LABEL: func.func @assert
// CHECK-SAME: (%[[C:.*]]: tensor<i1>, %{{.*}}: tensor<?xi32>)
// CHECK: %[[OK:.*]] = tensor.extract %[[C]][] : tensor<i1>
// CHECK: %[[FAIL:.*]] = arith.xori %[[OK]], %{{.*}} : i1
// CHECK: scf.if %[[FAIL]] {
// CHECK: func.call @tfc_rt_push_tensor(
// CHECK: func.call @tfc_rt_assert_fail(%{{.*}}, %{{.*}}) : (!llvm.ptr, i64) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @assert(%c: tensor<i1>, %x: tensor<?xi32>) {
  %t = tfc.assert %c, [%x] message "bad" : tensor<i1>, [tensor<?xi32>]
  %u = tfc.assert_rank %x rank 1 : tensor<?xi32>
  return
}

// -----

// assert_positive reduces the whole tensor: every element > 0 (ordered:
// NaN fails).
// CHECK-LABEL: func.func @positive
// CHECK: linalg.reduce ins(%{{.*}} : tensor<?xf32>) outs(%{{.*}} : tensor<i1>) dimensions = [0]
// CHECK: arith.cmpf ogt
// CHECK: scf.if
// CHECK: func.call @tfc_rt_assert_fail
func.func @positive(%x: tensor<?xf32>) {
  %t = tfc.assert_positive %x message "x" : tensor<?xf32>
  return
}

// -----

// A host call: its results are allocated after the call, with dynamic
// sizes asked from the runtime, and filled by it.
// CHECK-LABEL: func.func @host
// CHECK: call @tfc_rt_push_tensor
// CHECK: call @tfc_rt_host_call(%{{.*}}, %{{.*}}) : (!llvm.ptr, i64) -> ()
// CHECK: %[[D:.*]] = call @tfc_rt_host_result_dim(%{{.*}}, %{{.*}}, %{{.*}}) : (i64, i64, i64) -> i64
// CHECK: %[[N:.*]] = arith.index_cast %[[D]] : i64 to index
// CHECK: %[[BUF:.*]] = memref.alloc(%[[N]]) : memref<?xf32>
// CHECK: call @tfc_rt_host_result(
// CHECK: %[[T:.*]] = bufferization.to_tensor %[[BUF]] restrict writable : memref<?xf32> to tensor<?xf32>
// CHECK: return %[[T]]
func.func @host(%x: tensor<?xf32>) -> tensor<?xf32> {
  %y, %t = tfc.host_call @f(%x) : (tensor<?xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// SaveV2: the path, then the tensors are pushed; the names cross as one
// string of NUL-terminated names.
// CHECK: llvm.mlir.global internal constant @[[NAMES:.*]]("b\00w\00\00")
// CHECK-LABEL: func.func @save
// CHECK: %[[I8:.*]] = arith.constant 6 : i32
// CHECK: call @tfc_rt_push_tensor(%[[I8]],
// CHECK: call @tfc_rt_push_tensor(
// CHECK: call @tfc_rt_push_tensor(
// CHECK: %[[N:.*]] = llvm.mlir.addressof @[[NAMES]] : !llvm.ptr
// CHECK: %[[TWO:.*]] = arith.constant 2 : i64
// CHECK: call @tfc_rt_save_tensors(%[[N]], %[[TWO]]) : (!llvm.ptr, i64) -> ()
func.func @save(%path: tensor<?xi8>, %b: tensor<f32>, %w: tensor<2xf32>) {
  %t = tfc.save_tensors %path, ["b", "w"] (%b, %w) : tensor<?xi8>, (tensor<f32>, tensor<2xf32>)
  return
}

// -----

// RestoreV2: the tensors come back as a host call's results do.
// CHECK-LABEL: func.func @restore
// CHECK: call @tfc_rt_push_tensor(
// CHECK: call @tfc_rt_restore_tensors(%{{.*}}, %{{.*}}) : (!llvm.ptr, i64) -> ()
// CHECK: %[[BUF:.*]] = memref.alloc() : memref<2xf32>
// CHECK: call @tfc_rt_host_result(
// CHECK: %[[T:.*]] = bufferization.to_tensor %[[BUF]] restrict writable : memref<2xf32> to tensor<2xf32>
// CHECK: return %[[T]]
func.func @restore(%path: tensor<?xi8>) -> tensor<2xf32> {
  %w, %t = tfc.restore_tensors %path, ["w"] : tensor<?xi8> -> tensor<2xf32>
  return %w : tensor<2xf32>
}

// -----

// Tokens must be dropped first.
func.func @token(%x: tensor<f32>) -> !tfc.control {
  // expected-error @+1 {{'tfc.print' op has a control token that is still used; drop control tokens first (tfc-drop-control)}}
  %p, %t = tfc.print %x : tensor<f32>
  return %t : !tfc.control
}

// -----

// The gradient exchange sums each gradient in its own buffer, in place
// (not read-only: bufferization copies one only if it is read again),
// weighted by the rows of the batch (1 without one). The runtime gets a
// stack array of (address of the first element, element count) pairs; the
// returned factor becomes the scale tensor.
// CHECK-LABEL: func.func @all_reduce_gradients
// CHECK-SAME: (%[[G:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<3xf32>, %[[X:.*]]: tensor<?x3xf32>)
// CHECK: %[[PAIRS:.*]] = memref.alloca() : memref<4xi64>
// CHECK: %[[GB:.*]] = bufferization.to_buffer %[[G]] : tensor<2x3xf32> to memref<2x3xf32, strided<[3, 1], offset: ?>>
// CHECK: %[[GADDR:.*]] = memref.extract_aligned_pointer_as_index %[[GB]]
// CHECK: %{{.*}}, %[[GOFF:.*]], %{{.*}}:2, %{{.*}}:2 = memref.extract_strided_metadata %[[GB]]
// CHECK: %[[GBYTES:.*]] = arith.muli %[[GOFF]], %{{.*}} : index
// CHECK: %[[GSTART:.*]] = arith.addi %[[GADDR]], %[[GBYTES]] : index
// CHECK: %[[GSTART64:.*]] = arith.index_cast %[[GSTART]] : index to i64
// CHECK: memref.store %[[GSTART64]], %[[PAIRS]][%{{.*}}] : memref<4xi64>
// CHECK: %[[SIX:.*]] = arith.constant 6 : i64
// CHECK: memref.store %[[SIX]], %[[PAIRS]][%{{.*}}] : memref<4xi64>
// CHECK: %[[BB:.*]] = bufferization.to_buffer %[[B]] : tensor<3xf32> to memref<3xf32, strided<[1], offset: ?>>
// CHECK: %[[ROWS:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x3xf32>
// CHECK: %[[WEIGHT:.*]] = arith.index_cast %[[ROWS]] : index to i64
// CHECK: %[[PADDR:.*]] = memref.extract_aligned_pointer_as_index %[[PAIRS]]
// CHECK: %[[TWO:.*]] = arith.constant 2 : i64
// CHECK: %[[F:.*]] = call @tfc_rt_all_reduce_gradients(%[[PADDR]], %[[TWO]], %[[WEIGHT]]) : (index, i64, i64) -> f32
// CHECK: %[[SG:.*]] = bufferization.to_tensor %[[GB]] restrict writable
// CHECK: %[[SB:.*]] = bufferization.to_tensor %[[BB]] restrict writable
// CHECK: %[[SCALE:.*]] = tensor.from_elements %[[F]] : tensor<f32>
// CHECK: return %[[SG]], %[[SB]], %[[SCALE]]
// CHECK-LABEL: func.func @alone
// CHECK: %[[ONE:.*]] = arith.constant 1 : i64
// CHECK: call @tfc_rt_all_reduce_gradients(%{{.*}}, %{{.*}}, %[[ONE]])
// CHECK: func.func private @tfc_rt_all_reduce_gradients(index, i64, i64) -> f32
func.func @all_reduce_gradients(%g: tensor<2x3xf32>, %b: tensor<3xf32>, %x: tensor<?x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<f32>) {
  %sg, %sb, %scale = tfc.all_reduce_gradients %g, %b weighted by %x : tensor<?x3xf32> : tensor<2x3xf32>, tensor<3xf32>
  return %sg, %sb, %scale : tensor<2x3xf32>, tensor<3xf32>, tensor<f32>
}
func.func @alone(%g: tensor<6xf32>) -> (tensor<6xf32>, tensor<f32>) {
  %sum, %scale = tfc.all_reduce_gradients %g : tensor<6xf32>
  return %sum, %scale : tensor<6xf32>, tensor<f32>
}
