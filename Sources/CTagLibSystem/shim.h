// TagLib is C++: its headers are included by the CTagLib shim only.
