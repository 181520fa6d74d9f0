// RUN: tfc-opt %s --tfc-approximate-math=target=avx2 | FileCheck %s
// RUN: tfc-opt %s --tfc-approximate-math=target=sse | FileCheck %s --check-prefix=NOFMA

// exp, log and tanh of f32 become polynomials (FMAs, no libm call); sin
// stays.
// CHECK-LABEL: func.func @approximated
// CHECK-NOT: math.{{exp|log|tanh}}
// CHECK: math.fma
// CHECK-NOT: math.{{exp|log|tanh}}
// CHECK: math.sin
// CHECK-NOT: math.{{exp|log|tanh}}
// CHECK: return
// Without FMA units (the sse target), multiplies and adds instead.
// NOFMA-LABEL: func.func @approximated
// NOFMA-NOT: math.fma
// NOFMA: arith.mulf
// NOFMA: arith.addf
// NOFMA-NOT: math.fma
// NOFMA: math.sin
func.func @approximated(%x: vector<16xf32>, %y: f32) -> (vector<16xf32>, f32, f32, f32) {
  %e = math.exp %x : vector<16xf32>
  %l = math.log %y : f32
  %t = math.tanh %y : f32
  %s = math.sin %y : f32
  return %e, %l, %t, %s : vector<16xf32>, f32, f32, f32
}

// tfc's exp: n rounded by adding 1.5 * 2^23 (0x4B400000) in the multiply-add
// by log2(e), r reduced in two parts of ln 2, a degree-6 polynomial ending
// in 1 + r p(r), 2^n added to its exponent bits (the rounded sum's bits
// shifted by 23), then 0 below ln(FLT_MIN) and +inf above ln(FLT_MAX).
// CHECK-LABEL: func.func @exp
// CHECK-DAG: %[[MAGIC:.*]] = arith.constant dense<0x4B400000> : vector<8xf32>
// CHECK-DAG: %[[LOG2E:.*]] = arith.constant dense<1.44269502> : vector<8xf32>
// CHECK-DAG: %[[ONE:.*]] = arith.constant dense<1.000000e+00> : vector<8xf32>
// CHECK-DAG: %[[LOW:.*]] = arith.constant dense<-87.3365478> : vector<8xf32>
// CHECK-DAG: %[[HIGH:.*]] = arith.constant dense<8.872280e+01> : vector<8xf32>
// CHECK-DAG: %[[INF:.*]] = arith.constant dense<0x7F800000> : vector<8xf32>
// CHECK: %[[J:.*]] = math.fma %[[X:.*]], %[[LOG2E]], %[[MAGIC]]
// CHECK: %[[N:.*]] = arith.subf %[[J]], %[[MAGIC]]
// CHECK: %[[RHI:.*]] = math.fma %[[N]], %{{.*}}, %[[X]]
// CHECK: %[[R:.*]] = math.fma %[[N]], %{{.*}}, %[[RHI]]
// CHECK-COUNT-5: math.fma %{{.*}}, %[[R]], %{{.*}}
// CHECK: %[[P:.*]] = math.fma %{{.*}}, %[[R]], %[[ONE]]
// CHECK: %[[JBITS:.*]] = arith.bitcast %[[J]] : vector<8xf32> to vector<8xi32>
// CHECK: %[[SCALE:.*]] = arith.shli %[[JBITS]], %{{.*}} : vector<8xi32>
// CHECK: %[[PBITS:.*]] = arith.bitcast %[[P]] : vector<8xf32> to vector<8xi32>
// CHECK: %[[SUM:.*]] = arith.addi %[[PBITS]], %[[SCALE]]
// CHECK: %[[Y:.*]] = arith.bitcast %[[SUM]] : vector<8xi32> to vector<8xf32>
// CHECK: %[[SMALL:.*]] = arith.cmpf olt, %[[X]], %[[LOW]]
// CHECK: %[[FLUSHED:.*]] = arith.select %[[SMALL]], %{{.*}}, %[[Y]]
// CHECK: %[[LARGE:.*]] = arith.cmpf ogt, %[[X]], %[[HIGH]]
// CHECK: arith.select %[[LARGE]], %[[INF]], %[[FLUSHED]]
func.func @exp(%x: vector<8xf32>) -> vector<8xf32> {
  %e = math.exp %x : vector<8xf32>
  return %e : vector<8xf32>
}

// An exp whose operand is known to be at most 0 (softmax's x - max) has no
// test for overflow: only the flush to 0 below ln(FLT_MIN) is left.
// CHECK-LABEL: func.func @exp_of_nonpositive
// CHECK: %[[Y:.*]] = arith.bitcast %{{.*}} : vector<8xi32> to vector<8xf32>
// CHECK: %[[SMALL:.*]] = arith.cmpf olt, %{{.*}}, %{{.*}}
// CHECK: %[[FLUSHED:.*]] = arith.select %[[SMALL]], %{{.*}}, %[[Y]]
// CHECK-NOT: arith.cmpf
// CHECK-NOT: arith.select
// CHECK: return %[[FLUSHED]]
func.func @exp_of_nonpositive(%x: vector<8xf32>) -> vector<8xf32> {
  %e = math.exp %x {tfc.nonpositive_operand} : vector<8xf32>
  return %e : vector<8xf32>
}
