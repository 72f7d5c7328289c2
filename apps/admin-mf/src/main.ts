// Module Federation needs an async boundary before any shared module (React…) is touched:
// the shared scope is negotiated while bootstrap's chunk loads.
void import('./bootstrap.js');
