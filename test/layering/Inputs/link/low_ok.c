/* A low layer that calls nothing above it. */
int low(void) { return 1; }
