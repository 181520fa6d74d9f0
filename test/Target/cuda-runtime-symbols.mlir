// The host code of MLIR 22's GPU lowering (gpu-to-llvm, and the embedding
// of the GPU binary at translation) calls mgpu* functions with these
// signatures. libtfc_runtime.so defines them (runtime/src/CudaModule.cpp,
// CudaMemory.cpp): every one this module's host code calls must be
// exported. The cubin/fatbin loader, mgpuModuleLoad(ptr, i64), needs ptxas
// to appear here; the linkage test checks it is exported.

// RUN: mlir-opt %s --gpu-lower-to-nvvm-pipeline="cubin-chip=sm_80 cubin-features=+ptx80 cubin-format=isa" | mlir-translate --mlir-to-llvmir -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: llvm-nm --dynamic --defined-only --just-symbol-name %tfc_lib_dir/libtfc_runtime.so | sort > %t.exports
// RUN: grep -o '@mgpu[A-Za-z0-9]*' %t.ll | sed 's/^@//' | sort -u > %t.called
// RUN: comm -23 %t.called %t.exports | count 0

// CHECK-DAG: declare ptr @mgpuModuleLoadJIT(ptr, i32)
// CHECK-DAG: declare void @mgpuModuleUnload(ptr)
// CHECK-DAG: declare ptr @mgpuModuleGetFunction(ptr, ptr)
// CHECK-DAG: declare void @mgpuLaunchKernel(ptr, i64, i64, i64, i64, i64, i64, i32, ptr, ptr, ptr, i64)
// CHECK-DAG: declare ptr @mgpuStreamCreate()
// CHECK-DAG: declare void @mgpuStreamSynchronize(ptr)
// CHECK-DAG: declare void @mgpuStreamDestroy(ptr)
// CHECK-DAG: declare void @mgpuStreamWaitEvent(ptr, ptr)
// CHECK-DAG: declare ptr @mgpuEventCreate()
// CHECK-DAG: declare void @mgpuEventRecord(ptr, ptr)
// CHECK-DAG: declare void @mgpuEventDestroy(ptr)
// CHECK-DAG: declare ptr @mgpuMemAlloc(i64, ptr, i8)
// CHECK-DAG: declare void @mgpuMemFree(ptr, ptr)
// CHECK-DAG: declare void @mgpuMemcpy(ptr, ptr, i64, ptr)
// CHECK-DAG: declare void @mgpuMemset32(ptr, i32, i64, ptr)
// CHECK-DAG: declare void @mgpuMemset16(ptr, i16, i64, ptr)
// CHECK-DAG: declare void @mgpuMemHostRegisterMemRef(i64, ptr, i64)
// CHECK-DAG: declare void @mgpuMemHostUnregisterMemRef(i64, ptr, i64)

module attributes {gpu.container_module} {
  func.func @host(%host: memref<16xf32>, %v: f32, %h: f16) {
    %c1 = arith.constant 1 : index
    // Two streams joined by an event before the launch.
    %a = gpu.wait async
    %b = gpu.wait async
    %buf, %t0 = gpu.alloc async [%a] () : memref<16xf32>
    %halves, %t1 = gpu.alloc async [%b] () : memref<8xf16>
    %t2 = gpu.memcpy async [%t0] %buf, %host : memref<16xf32>, memref<16xf32>
    %t3 = gpu.memset async [%t1] %halves, %h : memref<8xf16>, f16
    %t4 = gpu.memset async [%t2] %buf, %v : memref<16xf32>, f32
    %joined = gpu.wait async [%t4, %t3]
    %t5 = gpu.launch_func async [%joined] @kernels::@k
        blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%buf : memref<16xf32>)
    %t6 = gpu.memcpy async [%t5] %host, %buf : memref<16xf32>, memref<16xf32>
    %t7 = gpu.dealloc async [%t6] %buf : memref<16xf32>
    %t8 = gpu.dealloc async [%t7] %halves : memref<8xf16>
    gpu.wait [%t8]
    %unranked = memref.cast %host : memref<16xf32> to memref<*xf32>
    gpu.host_register %unranked : memref<*xf32>
    gpu.host_unregister %unranked : memref<*xf32>
    return
  }
  gpu.module @kernels {
    gpu.func @k(%a: memref<16xf32>) kernel {
      gpu.return
    }
  }
}
