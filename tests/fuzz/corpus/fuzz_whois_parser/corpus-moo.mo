% Domain Information over Whois protocol
%
% Monic Whois Server Version 1.0

Domain Name: moo.mo
Record created on 2018-02-05 22:59:12.55172
Record expires on 2021-02-05

Registrant:
-----------------------------------------------------
Org:          澳門有機緣貿易有限公司
Name:         陳秀霞
Address:      澳門雅廉訪大馬路37號達豐大廈地下A鋪
Address:      
Address:      
City:      澳門
State or Province:      
Postal Code:      
Country / Region:      MO
Phone:        
Fax-no:      
E-mail:       olivia63361668@gmail.com

Admin Contact(s):
-----------------------------------------------------
Org:          澳門有機緣貿易有限公司
Name:         陳秀霞
Address:      澳門雅廉訪大馬路37號達豐大廈地下A鋪
Address:      
Address:      
City:      澳門
State or Province:      
Postal Code:      
Country / Region:      MO
Phone:        
Fax-no:      
E-mail:       olivia63361668@gmail.com

Billing Contact(s):
-----------------------------------------------------
Org:          澳門有機緣貿易有限公司
Name:         陳秀霞
Address:      澳門雅廉訪大馬路37號達豐大廈地下A鋪
Address:      
Address:      
City:      澳門
State or Province:      
Postal Code:      
Country / Region:      MO
Phone:        
Fax-no:      
E-mail:       olivia63361668@gmail.com

Technical Contact(s):
-----------------------------------------------------
Org:          澳門有機緣貿易有限公司
Name:         陳秀霞
Address:      澳門雅廉訪大馬路37號達豐大廈地下A鋪
Address:      
Address:      
City:      澳門
State or Province:      
Postal Code:      
Country / Region:      MO
Phone:        
Fax-no:      
E-mail:       olivia63361668@gmail.com

Domain name servers:
-----------------------------------------------------
ns3.wordpress.com
ns2.wordpress.com
ns1.wordpress.com
