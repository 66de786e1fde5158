// CardMapWire: CardMap's JSON forms, for the command line and the web engine (the Architecture
// article). Everything here reads or writes JSON; the model it reads into and writes from is
// CardMap's, which it re-exports, so that one import gives both.
@_exported import CardMap
