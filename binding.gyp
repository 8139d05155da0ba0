{
  "targets": [
    {
      "target_name": "omp_sessions_scan",
      "sources": ["native/scan.c"],
      "cflags": ["-O2", "-std=c99"],
      "xcode_settings": { "OTHER_CFLAGS": ["-O2"] }
    }
  ]
}
