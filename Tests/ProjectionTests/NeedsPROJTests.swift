import Testing

#if !PROJ
  /// Without the PROJ trait the suites that compare with PROJ itself are not built; these say so
  /// in the test output instead of vanishing.
  @Suite("Skipped without the PROJ trait")
  struct NeedsPROJTests {
    @Test(.disabled("needs PROJ: the wrapper against cs2cs, through PROJ (TransformerTests)"))
    func transformer() {}

    @Test(.disabled("needs PROJ: the kernels against PROJ on random points (KernelAccuracyTests)"))
    func kernelAccuracy() {}

    @Test(.disabled("needs PROJ: PROJ contexts under stress and missing resources (ReliabilityTests)"))
    func reliability() {}

    @Test(.disabled("needs PROJ: the kernel families in every instruction set against PROJ (KernelFamilyTests)"))
    func kernelFamilies() {}

    @Test(.disabled("needs PROJ: the kernels at the edges of their domains against PROJ (DomainEdgeTests)"))
    func domainEdges() {}
  }
#endif
