// RUN: tfc-opt %s --tfc-lower-runtime-calls=defer-assertions=true | FileCheck %s --implicit-check-not=memref.alloca --implicit-check-not=memref.store

// The CUDA target's assertion: host code neither reads the condition nor
// branches, and stores nothing (a host array would become device memory):
// the runtime gets where the data and the condition are, the data's sizes
// and strides as scalars, and checks them at the end of the call.
// CHECK-LABEL: func.func @assert
// CHECK-SAME: (%[[C:.*]]: tensor<i1>, %[[X:.*]]: tensor<?xi32>)
// CHECK-NOT: tensor.extract
// CHECK-NOT: scf.if
// CHECK: %[[XB:.*]] = bufferization.to_buffer %[[X]] read_only
// CHECK: %[[XADDRESS:.*]] = memref.extract_aligned_pointer_as_index %[[XB]]
// CHECK: %{{.*}}, %[[XOFFSET:.*]], %[[SIZE:.*]], %[[STRIDE:.*]] = memref.extract_strided_metadata %[[XB]]
// CHECK: %[[I32:.*]] = arith.constant 7 : i32
// CHECK: %[[RANK:.*]] = arith.constant 1 : i64
// CHECK: call @tfc_rt_push_deferred_tensor(%[[I32]], %[[RANK]], %[[XADDRESS]], %[[XOFFSET]]) : (i32, i64, index, index) -> ()
// CHECK: %[[SIZE64:.*]] = arith.index_cast %[[SIZE]] : index to i64
// CHECK: %[[STRIDE64:.*]] = arith.index_cast %[[STRIDE]] : index to i64
// CHECK: call @tfc_rt_deferred_tensor_dim(%[[SIZE64]], %[[STRIDE64]])
// CHECK: %[[CB:.*]] = bufferization.to_buffer %[[C]] read_only : tensor<i1> to memref<i1, strided<[], offset: ?>>
// CHECK: %[[ADDRESS:.*]] = memref.extract_aligned_pointer_as_index %[[CB]]
// CHECK: %{{.*}}, %[[OFFSET:.*]] = memref.extract_strided_metadata %[[CB]]
// CHECK: %[[MESSAGE:.*]] = llvm.mlir.addressof @[[STRING:.*]] : !llvm.ptr
// CHECK: %[[SUMMARIZE:.*]] = arith.constant 3 : i64
// CHECK: call @tfc_rt_defer_assert(%[[ADDRESS]], %[[OFFSET]], %[[MESSAGE]], %[[SUMMARIZE]]) : (index, index, !llvm.ptr, i64) -> ()
// CHECK-NEXT: return
func.func @assert(%c: tensor<i1>, %x: tensor<?xi32>) {
  %t = tfc.assert %c, [%x] message "bad" : tensor<i1>, [tensor<?xi32>]
  return
}
