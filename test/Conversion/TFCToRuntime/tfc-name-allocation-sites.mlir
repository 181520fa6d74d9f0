// RUN: tfc-opt %s --tfc-name-allocation-sites --split-input-file | FileCheck %s

// MLIR's generic allocation calls become tfc_rt_alloc_at(alignment, size,
// site): the default alignment is 0, the aligned call keeps its own. The
// site is the TensorFlow node name of a NameLoc and the source position;
// equal sites share one string, and a call with no location passes null.
// The generic declarations go once nothing calls them.
// CHECK-DAG: llvm.mlir.global internal constant @[[DENSE:__tfc_alloc_site[_0-9]*]]("'dense/MatMul' (model.pbtxt:12:3)\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[LINE:__tfc_alloc_site[_0-9]*]]("model.mlir:7:9\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[FUSED:__tfc_alloc_site[_0-9]*]]("'softmax/Exp' (model.mlir:3:5)\00")
// CHECK-DAG: llvm.func @tfc_rt_alloc_at(i64, i64, !llvm.ptr) -> !llvm.ptr
// CHECK-NOT: llvm.func @_mlir_memref_to_llvm_alloc
// CHECK-NOT: llvm.func @_mlir_memref_to_llvm_aligned_alloc
// CHECK-LABEL: llvm.func @buffers
// CHECK-SAME: (%[[SIZE:.*]]: i64)
// CHECK: %[[ZERO:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK: %[[SITE0:.*]] = llvm.mlir.addressof @[[DENSE]]
// CHECK: llvm.call @tfc_rt_alloc_at(%[[ZERO]], %[[SIZE]], %[[SITE0]])
// CHECK: %[[SITE1:.*]] = llvm.mlir.addressof @[[DENSE]]
// CHECK: llvm.call @tfc_rt_alloc_at(%{{.*}}, %[[SIZE]], %[[SITE1]])
// CHECK: %[[ALIGN:.*]] = llvm.mlir.constant(64 : i64) : i64
// CHECK: %[[SITE2:.*]] = llvm.mlir.addressof @[[LINE]]
// CHECK: llvm.call @tfc_rt_alloc_at(%[[ALIGN]], %[[SIZE]], %[[SITE2]])
// CHECK: %[[SITE3:.*]] = llvm.mlir.addressof @[[FUSED]]
// CHECK: llvm.call @tfc_rt_alloc_at(%{{.*}}, %[[SIZE]], %[[SITE3]])
// CHECK: %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK: llvm.call @tfc_rt_alloc_at(%{{.*}}, %[[SIZE]], %[[NULL]])
// CHECK: llvm.call @_mlir_memref_to_llvm_free
llvm.func @_mlir_memref_to_llvm_alloc(i64) -> !llvm.ptr
llvm.func @_mlir_memref_to_llvm_aligned_alloc(i64, i64) -> !llvm.ptr
llvm.func @_mlir_memref_to_llvm_free(!llvm.ptr)
llvm.func @buffers(%size: i64) {
  %a = llvm.call @_mlir_memref_to_llvm_alloc(%size) : (i64) -> !llvm.ptr loc("dense/MatMul"("model.pbtxt":12:3))
  %b = llvm.call @_mlir_memref_to_llvm_alloc(%size) : (i64) -> !llvm.ptr loc("dense/MatMul"("model.pbtxt":12:3))
  %align = llvm.mlir.constant(64 : i64) : i64
  %c = llvm.call @_mlir_memref_to_llvm_aligned_alloc(%align, %size) : (i64, i64) -> !llvm.ptr loc("model.mlir":7:9)
  %d = llvm.call @_mlir_memref_to_llvm_alloc(%size) : (i64) -> !llvm.ptr loc(fused["model.mlir":3:5, "softmax/Exp"])
  %e = llvm.call @_mlir_memref_to_llvm_alloc(%size) : (i64) -> !llvm.ptr loc(unknown)
  llvm.call @_mlir_memref_to_llvm_free(%a) : (!llvm.ptr) -> ()
  llvm.return
}

// -----

// In a function that stands for several equal parts of the graph
// (tfc-merge-identical-functions), the site is one of them: the message
// says so.
// CHECK-DAG: llvm.mlir.global internal constant @[[TWO:__tfc_alloc_site[_0-9]*]]("'layer_0/MatMul' (model.pbtxt:4:3) or the same op of the equal part of the graph compiled with it\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[MANY:__tfc_alloc_site[_0-9]*]]("'layer_0/Tanh' or the same op of one of the 799 equal parts of the graph compiled with it\00")
// CHECK-LABEL: llvm.func @merged_twice
// CHECK: llvm.mlir.addressof @[[TWO]]
// CHECK-LABEL: llvm.func @merged_often
// CHECK: llvm.mlir.addressof @[[MANY]]
llvm.func @_mlir_memref_to_llvm_alloc(i64) -> !llvm.ptr
llvm.func @merged_twice(%size: i64) -> !llvm.ptr attributes {tfc.merged_functions = 2 : i64} {
  %a = llvm.call @_mlir_memref_to_llvm_alloc(%size) : (i64) -> !llvm.ptr loc("layer_0/MatMul"("model.pbtxt":4:3))
  llvm.return %a : !llvm.ptr
}
llvm.func @merged_often(%size: i64) -> !llvm.ptr attributes {tfc.merged_functions = 800 : i64} {
  %a = llvm.call @_mlir_memref_to_llvm_alloc(%size) : (i64) -> !llvm.ptr loc("layer_0/Tanh")
  llvm.return %a : !llvm.ptr
}

// -----

// A module that allocates nothing is left as it is.
// CHECK-LABEL: llvm.func @no_buffers
// CHECK-NOT: tfc_rt_alloc_at
llvm.func @no_buffers() {
  llvm.return
}
