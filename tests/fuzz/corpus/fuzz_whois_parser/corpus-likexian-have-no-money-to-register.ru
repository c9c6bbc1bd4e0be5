% By submitting a query to TCI's Whois Service
% you agree to abide by the following terms of use:
% https://www.tcinet.ru/documents/whois.pdf (in Russian)

No entries found for the selected source(s).

Last updated on 2022-07-03T03:51:30Z
