%
%This is the RNIDS Whois server.
%
% Date Format         : DD.MM.YYYY
% Whois Server Version: 1.0.0
%
% Rights restricted by copyright.
% See http://www.rnids.rs/whois_en
%
%
%
% Ovo je odgovor od RNIDS Whois servera.
%
% Format datuma     : DD.MM.YYYY
% Verzija Whois Servera : 1.0.0
%
% Sva prava zadržana. Za više informacija.
% pogledajte http://www.rnids.rs/whois_sr

Domain name: google.rs
Domain status: Active, clientUpdateProhibited
Registration date: 10.03.2008 12:31:19
Modification date: 07.02.2020 18:38:00
Expiration date: 10.03.2021 12:31:19
Registrar: NINET Company d.o.o.


DNS: ns1.google.com - 
DNS: ns2.google.com - 
DNS: ns3.google.com - 216.239.36.10
DNS: ns4.google.com - 216.239.38.10



Registrant: Google LLC
Address: 1600 Amphitheatre Parkway, Mountain View, CA 94043, United States of America
ID Number: -
Tax ID: 

Administrative contact: Drustvo za marketing Google DOO
Address: Marsala Birjuzova 47/18, Beograd, Serbia

Technical contact: MarkMonitor, Inc.
Address: 3540 East Longwing Lane, Suite 300, Meridian, ID 83646, United States of America

