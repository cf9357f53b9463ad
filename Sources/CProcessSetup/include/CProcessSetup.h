#ifndef CPROCESSSETUP_H
#define CPROCESSSETUP_H

// Nothing to call: this target's constructors set the process up before main
// (Sources/CProcessSetup/ProcessSetup.c). MeliCore depends on it, so every binary links it.

#endif
